import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { ACCOUNT_LINKING_AUDIT_KINDS } from "./audit-kinds";
import { ACCOUNT_LINKING_AUDIT_PRESENTERS } from "./audit-present";

/** Account linking in the process (docs/adr/0241-feature-manifests.md): how the trail reads its entries. */
export const feature = {
  name: "account-linking",
  auditKinds: ACCOUNT_LINKING_AUDIT_KINDS,
  auditPresenters: ACCOUNT_LINKING_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
