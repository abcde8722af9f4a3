import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";

/** Mail in the process (docs/adr/0241-feature-manifests.md): the outbox's sweep and the daily digest. */
export const feature = {
  name: "mail",
  jobs: {
    start: async () => (await import("./server/jobs")).startMailJobs(),
    runnable: {
      // The outbox's due mail, sent now (after a test moved the clock past a retry's backoff).
      [QUEUES.mailOutbox]: async () => (await import("./server/jobs")).wakeOutbox(),
      [QUEUES.mailDigest]: async () => (await import("./server/digest")).runDailyDigest(),
    },
  },
} satisfies FeatureManifest;
