import type { FeatureManifest } from "@/lib/features-core/manifest";
import { RECORDS_AUDIT_KINDS } from "./audit-kinds";
import { recordsAuditPresenters } from "./audit-present";
import { ERASURE_AUDIT_KINDS } from "./erasure/audit-kinds";
import { erasureAuditPresenters } from "./erasure/audit-present";
import { ERASURE_QUEUE_OPTIONS, ERASURE_QUEUES } from "./erasure/queues";

/**
 * Records in the process (docs/adr/0241-feature-manifests.md): the retention rules and the
 * access log (docs/adr/0266-access-log.md, 0267-retention-rules.md), erasure (docs/adr/0290-erasure.md):
 * its nightly job. The access log's buffer starts with its first row and is flushed on shutdown by itself.
 */
export const feature = {
  name: "records",
  queues: ERASURE_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./erasure/server/jobs")).startErasureJobs(),
    runnable: { [ERASURE_QUEUES.erase]: async () => (await import("./erasure/server/erase")).runErasure() },
  },
  auditKinds: { ...RECORDS_AUDIT_KINDS, ...ERASURE_AUDIT_KINDS },
  auditPresenters: { ...recordsAuditPresenters, ...erasureAuditPresenters },
} satisfies FeatureManifest;
