import type { FeatureManifest } from "@/lib/features-core/manifest";
import { DATEV_AUDIT_KINDS } from "./audit-kinds";
import { DATEV_AUDIT_PRESENTERS } from "./audit-present";
import { DATEV_QUEUE_OPTIONS } from "./queues";

/**
 * DATEV as a month's second target (docs/adr/0241-feature-manifests.md, docs/datev.md): the LODAS
 * file of an approved month, its settings, their audit entries, and the bulk export's job
 * (docs/adr/0291-datev-bulk-export-job.md). Above the month close in the list: it reads the
 * month's approved lines and marks the month Transferred.
 */
export const feature = {
  name: "datev",
  queues: DATEV_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./bulk/server/jobs")).startDatevJobs(),
  },
  auditKinds: DATEV_AUDIT_KINDS,
  auditPresenters: DATEV_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
