import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";
import { WEBHOOK_AUDIT_KINDS } from "./audit-kinds";
import { WEBHOOK_AUDIT_PRESENTERS } from "./audit-present";

/** Webhooks in the process (docs/adr/0241-feature-manifests.md): deliveries enqueued from the domain events and sent by a job; the endpoints' entries. */
export const feature = {
  name: "webhooks",
  jobs: {
    start: async () => (await import("./server/jobs")).startWebhookJobs(),
    runnable: {
      // The webhook deliveries due by the app's clock (a test moves it past a retry's backoff first).
      [QUEUES.webhookDeliveries]: async () => (await import("./server/deliveries")).runDueDeliveries(),
    },
  },
  auditKinds: WEBHOOK_AUDIT_KINDS,
  auditPresenters: WEBHOOK_AUDIT_PRESENTERS,
  eventConsumers: [async (tx, event) => (await import("./server/enqueue")).enqueueWebhookDeliveries(tx, event)],
} satisfies FeatureManifest;
