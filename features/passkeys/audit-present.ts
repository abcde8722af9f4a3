import { str, type KindPresenters } from "@/lib/audit/present";

/** How the trail reads passkey changes (features/passkeys/server/passkey-audit.ts) and the workspace's requirement. */

type PasskeyKind = "passkey.added" | "passkey.renamed" | "passkey.removed" | "workspace.passkey_requirement";

export const PASSKEY_AUDIT_PRESENTERS: KindPresenters<PasskeyKind> = {
  "passkey.added": { summary: ({ t }, { details: d }) => t("audit.summary.passkey_added", { name: str(d.name) }) },
  "passkey.renamed": {
    summary: ({ t }, { details: d }) => t("audit.summary.passkey_renamed", { name: str(d.name), from: str(d.from) }),
  },
  "passkey.removed": { summary: ({ t }, { details: d }) => t("audit.summary.passkey_removed", { name: str(d.name) }) },
  "workspace.passkey_requirement": {
    summary: ({ t }, { details: d }) =>
      t(d.required === true ? "audit.summary.passkey_required_on" : "audit.summary.passkey_required_off"),
  },
};
