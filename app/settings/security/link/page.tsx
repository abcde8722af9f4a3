import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LinkConfirmation } from "@/features/account-linking/components/link-confirmation";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { pendingLink } from "@/features/account-linking/server/account-link";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("accountLinking.confirmTitle") };
}

/** After the accounting sign-in of a link: what will be linked, Confirm or Cancel (only this session's link). */
export default async function LinkConfirmationPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("accountLinking.confirmTitle")} />;
  const link = await pendingLink({ userId: user.id, sessionId: user.sessionId });
  return (
    <section className="max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("accountLinking.confirmTitle")}</h1>
      {link ? (
        <LinkConfirmation link={link} />
      ) : (
        <div className="space-y-3">
          <p>{t("accountLinking.nothingWaiting")}</p>
          <Link href="/settings/security" className="text-blue-800 underline">
            {t("accountLinking.back")}
          </Link>
        </div>
      )}
    </section>
  );
}
