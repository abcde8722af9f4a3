import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";

/** Mail in the process (docs/adr/0241-feature-manifests.md): the outbox's jobs (one per row, ADR 0243), its backlog's readiness check and the daily digest. */
export const feature = {
  name: "mail",
  jobs: {
    start: async () => (await import("./server/jobs")).startMailJobs(),
    runnable: {
      // The outbox's mail due by the app's clock, sent now through its jobs' work (after a test moved the clock past a retry's backoff).
      [QUEUES.mailOutbox]: async () => (await import("./server/worker")).drainOutbox(),
      [QUEUES.mailDigest]: async () => (await import("./server/digest")).runDailyDigest(),
    },
    readiness: { mail_outbox: async () => (await import("./server/backlog")).outboxBacklog() },
  },
} satisfies FeatureManifest;
