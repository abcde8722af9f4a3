import type { FeatureManifest } from "@/lib/features-core/manifest";
import { PASSKEY_AUDIT_PRESENTERS } from "./audit-present";

/** Passkeys in the process (docs/adr/0241-feature-manifests.md): how the trail reads their entries. */
export const feature = {
  name: "passkeys",
  auditPresenters: PASSKEY_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
