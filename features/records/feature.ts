import type { FeatureManifest } from "@/lib/features-core/manifest";
import { RECORDS_AUDIT_KINDS } from "./audit-kinds";
import { recordsAuditPresenters } from "./audit-present";

/**
 * Records in the process (docs/adr/0241-feature-manifests.md): the retention rules and the
 * access log (docs/adr/0266-access-log.md, 0267-retention-rules.md). Nothing to start: the
 * access log's buffer starts with its first row and is flushed on shutdown by itself.
 */
export const feature = {
  name: "records",
  auditKinds: RECORDS_AUDIT_KINDS,
  auditPresenters: recordsAuditPresenters,
} satisfies FeatureManifest;
