import "server-only";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { Notice } from "@/components/ui/notice";

/**
 * Whether the person also signs in through the accounting service; an e-mail person may link an
 * account (`Link an accounting account`: the accounting sign-in with a link intent bound to this
 * session, then a confirmation page). `outcome` is the callback's word when it came back refused.
 */
export async function AccountingAccountSection({
  linked,
  outcome,
}: {
  linked: boolean;
  outcome: "failed" | "refused" | null;
}) {
  const t = await getTranslations();
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{t("accountLinking.accountHeading")}</h2>
      {outcome === "failed" ? <Notice tone="error">{t("accountLinking.linkFailed")}</Notice> : null}
      {outcome === "refused" ? <Notice tone="error">{t("accountLinking.linkRefused")}</Notice> : null}
      {linked ? (
        <p className="text-sm text-slate-700">{t("accountLinking.accountLinked")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("accountLinking.accountNone")}</p>
          <SignInButton
            label={t("accountLinking.linkAccount")}
            variant="secondary"
            link
            callbackUrl="/settings/security/link"
          />
        </>
      )}
    </div>
  );
}
