import "server-only";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "../../sign-in/components/sign-in-button";
import { Notice } from "@/components/ui/notice";

/** For a person with only a legacy v3 connection: the page needs v3.1, and the move is offered. */
export async function MoveToV31Notice() {
  const t = await getTranslations();
  return (
    <Notice tone="warning" role="alert" className="max-w-2xl">
      <div className="space-y-3">
        <h2 className="text-lg font-semibold">{t("legacy.needsV31Title")}</h2>
        <p>{t("legacy.needsV31Text")}</p>
        <SignInButton
          label={t("legacy.moveButton")}
          country={await rememberedCountry()}
          callbackUrl="/settings/connection?moved=1"
          move
        />
      </div>
    </Notice>
  );
}
