import type { FeatureManifest } from "@/lib/features-core/manifest";
import { MAIL_QUEUE_OPTIONS, MAIL_QUEUES } from "./queues";

/** Mail in the process (docs/adr/0241-feature-manifests.md): the outbox's jobs (one per row, ADR 0243), its backlog's readiness check and the daily digest. */
export const feature = {
  name: "mail",
  // Mail and notifications import each other's modules (its kinds, their mail channel): one layer, the events'.
  layerGroup: "events",
  queues: MAIL_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startMailJobs(),
    runnable: {
      // The outbox's mail due by the app's clock, sent now through its jobs' work (after a test moved the clock past a retry's backoff).
      [MAIL_QUEUES.outbox]: async () => (await import("./server/worker")).drainOutbox(),
      [MAIL_QUEUES.digest]: async () => (await import("./server/digest")).runDailyDigest(),
    },
    readiness: { mail_outbox: async () => (await import("./server/backlog")).outboxBacklog() },
    backlogs: { mail_outbox: async () => (await import("./server/backlog")).outboxFigures() },
  },
} satisfies FeatureManifest;
