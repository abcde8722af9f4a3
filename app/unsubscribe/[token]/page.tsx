import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntlScope } from "@/components/intl-scope";
import { UnsubscribeView } from "@/features/mail/components/unsubscribe-view";
import { readUnsubscribeToken } from "@/features/mail/server/unsubscribe-token";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("unsubscribe");
  return { title: t("title") };
}

/** An e-mail's unsubscribe link: asks first, and only the button (a POST) unsubscribes; opening the page changes nothing. */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const read = readUnsubscribeToken(token);
  return (
    <IntlScope namespaces={["unsubscribe"]}>
      <UnsubscribeView token={token} scope={read?.scope ?? null} />
    </IntlScope>
  );
}
