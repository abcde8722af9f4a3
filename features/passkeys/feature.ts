import type { FeatureManifest } from "@/lib/features-core/manifest";
import { PASSKEY_AUDIT_KINDS } from "./audit-kinds";
import { PASSKEY_AUDIT_PRESENTERS } from "./audit-present";

/** Passkeys in the process (docs/adr/0241-feature-manifests.md): how the trail reads their entries. */
export const feature = {
  name: "passkeys",
  // Passkeys and sign-in import each other's modules (the ceremony, its audit): one layer.
  layerGroup: "sign-in",
  auditKinds: PASSKEY_AUDIT_KINDS,
  auditPresenters: PASSKEY_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
