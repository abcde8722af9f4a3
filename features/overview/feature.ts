import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";
import { OVERVIEW_AUDIT_KINDS } from "./audit-kinds";
import { OVERVIEW_AUDIT_PRESENTERS } from "./audit-present";

/** The firm overview in the process (docs/adr/0241-feature-manifests.md): its sweep and refreshes, and its assignees' entries. */
export const feature = {
  name: "overview",
  jobs: {
    start: async () => (await import("./server/jobs")).startOverviewJobs(),
    runnable: {
      [QUEUES.overviewSweep]: async () => (await import("./server/jobs")).sweepOverview(),
      // Every connected connection refreshed now, in this process (a queued job refreshes it once more).
      [QUEUES.overviewRefresh]: async () => (await import("./server/refresh")).refreshAllNow(),
    },
  },
  auditKinds: OVERVIEW_AUDIT_KINDS,
  auditPresenters: OVERVIEW_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
