import "server-only";
import { legacyConfig } from "@/features/accounting/legacy/server/config";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "./sign-in-button";

/** The legacy v3 sign-in, shown only when the deployment has a v3 registration (`LEGACY_*`). */
export async function LegacySignIn({ country }: { country?: string }) {
  if (!legacyConfig()) return null;
  const t = await getTranslations();
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-600">{t("legacy.signInLegacyHint")}</p>
      <SignInButton
        label={t("legacy.signInLegacy")}
        provider="accounting-v3"
        country={country}
        callbackUrl="/settings/connection"
        variant="secondary"
      />
    </div>
  );
}
