import type { FeatureManifest } from "@/lib/features-core/manifest";
import { ACCOUNT_LINKING_AUDIT_KINDS } from "./audit-kinds";
import { ACCOUNT_LINKING_AUDIT_PRESENTERS } from "./audit-present";

/** Account linking in the process (docs/adr/0241-feature-manifests.md): how the trail reads its entries. */
export const feature = {
  name: "account-linking",
  // Account linking and sign-in import each other's modules (the link callback, its audit): one layer.
  layerGroup: "sign-in",
  auditKinds: ACCOUNT_LINKING_AUDIT_KINDS,
  auditPresenters: ACCOUNT_LINKING_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
