import type { FeatureManifest } from "@/lib/features-core/manifest";
import { OVERVIEW_QUEUE_OPTIONS, OVERVIEW_QUEUES } from "./queues";
import { OVERVIEW_AUDIT_KINDS } from "./audit-kinds";
import { OVERVIEW_AUDIT_PRESENTERS } from "./audit-present";

/** The firm overview in the process (docs/adr/0241-feature-manifests.md): its sweep and refreshes, and its assignees' entries. */
export const feature = {
  name: "overview",
  queues: OVERVIEW_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startOverviewJobs(),
    runnable: {
      [OVERVIEW_QUEUES.sweep]: async () => (await import("./server/jobs")).sweepOverview(),
      // Every connected connection refreshed now, in this process (a queued job refreshes it once more).
      [OVERVIEW_QUEUES.refresh]: async () => (await import("./server/refresh")).refreshAllNow(),
    },
  },
  auditKinds: OVERVIEW_AUDIT_KINDS,
  auditPresenters: OVERVIEW_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
