"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { SignInButton } from "./sign-in-button";

/** The sign-in page's choice of access (full access by default) and its button. */
export function SignInForm({ country, callbackUrl }: { country?: string; callbackUrl?: string }) {
  const t = useTranslations();
  const [scope, setScope] = useState<"full_access" | "readonly">("full_access");
  const name = useId();
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t("auth.scopeLegend")}</legend>
        {(["full_access", "readonly"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={name} value={value} checked={scope === value} onChange={() => setScope(value)} />
            {value === "full_access" ? t("auth.scopeFull") : t("auth.scopeReadonly")}
          </label>
        ))}
      </fieldset>
      <SignInButton label={t("auth.signInWithAccounting")} scope={scope} country={country} callbackUrl={callbackUrl} />
    </div>
  );
}
