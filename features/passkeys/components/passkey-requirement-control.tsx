"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { passkeysApi } from "@/features/passkeys/client/api";

/** /settings/workspace: an owner requires a passkey of every member (recorded in the audit trail). */
export function PasskeyRequirementControl({
  workspaceId,
  owner,
  initial,
}: {
  workspaceId: string;
  owner: boolean;
  initial: boolean;
}) {
  const t = useTranslations();
  const [required, setRequired] = useState(initial);
  const save = useMutation({
    mutationFn: (next: boolean) => passkeysApi.setPasskeyRequirement({ workspaceId, required: next }),
    onMutate: (next) => setRequired(next),
    onError: (_error, next) => setRequired(!next),
  });
  return (
    <section aria-labelledby="passkey-requirement-title" className="space-y-2">
      <h2 id="passkey-requirement-title" className="text-xl font-semibold">
        {t("passkeys.requirementTitle")}
      </h2>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={required}
          disabled={!owner || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span>{t("passkeys.requirementLabel")}</span>
      </label>
      <p className="text-sm text-slate-700">
        {t("passkeys.requirementHint")} {owner ? "" : t("passkeys.requirementOwnerOnly")}
      </p>
      <p aria-live="polite" className="text-sm text-slate-700">
        {save.isSuccess ? t("passkeys.requirementSaved") : ""}
      </p>
      {save.isError ? <ErrorNotice error={save.error} /> : null}
    </section>
  );
}
