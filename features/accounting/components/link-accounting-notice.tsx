import "server-only";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { Notice } from "@/components/ui/notice";

/**
 * What an accounting page (businesses, trial balance, the accounting details) shows a person who
 * signs in by e-mail only: why it has nothing to show, and the offer to link an accounting account
 * (the same link flow as /settings/security, features/account-linking), instead of "Sign in again".
 */
export async function LinkAccountingNotice({ heading }: { heading: string }) {
  const t = await getTranslations();
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <Notice tone="info">
        <p>{t("accountLinking.emailOnly")}</p>
      </Notice>
      <SignInButton
        label={t("accountLinking.linkAccount")}
        variant="secondary"
        link
        callbackUrl="/settings/security/link"
      />
    </section>
  );
}
