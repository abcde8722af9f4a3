import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailLinkCompletion } from "@/features/sign-in/components/email-link-completion";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("emailSignIn.completeTitle") };
}

/** Where an e-mail sign-in link leads (features/sign-in/server/email-handlers.ts). */
export default async function EmailLinkPage() {
  const t = await getTranslations();
  return (
    <section className="max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("emailSignIn.completeTitle")}</h1>
      <EmailLinkCompletion />
    </section>
  );
}
