import type { FeatureManifest } from "@/lib/features-core/manifest";
import { WEBHOOK_QUEUE_OPTIONS, WEBHOOK_QUEUES } from "./queues";
import { WEBHOOK_AUDIT_KINDS } from "./audit-kinds";
import { WEBHOOK_AUDIT_PRESENTERS } from "./audit-present";

// Imported on the first event and kept (one module resolution, not one per event: see ../notifications/feature.ts).
const loadEnqueue = () => import("./server/enqueue");
let enqueue: ReturnType<typeof loadEnqueue> | undefined;

/** Webhooks in the process (docs/adr/0241-feature-manifests.md): deliveries enqueued from the domain events and sent by a job; the endpoints' entries. */
export const feature = {
  name: "webhooks",
  // A consumer of every domain event, in the events' layer with notifications.
  layerGroup: "events",
  queues: WEBHOOK_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startWebhookJobs(),
    runnable: {
      // The webhook deliveries due by the app's clock (a test moves it past a retry's backoff first).
      [WEBHOOK_QUEUES.deliveries]: async () => (await import("./server/deliveries")).runDueDeliveries(),
    },
    readiness: { webhook_deliveries: async () => (await import("./server/backlog")).deliveriesBacklog() },
    backlogs: { webhook_deliveries: async () => (await import("./server/backlog")).deliveriesFigures() },
  },
  auditKinds: WEBHOOK_AUDIT_KINDS,
  auditPresenters: WEBHOOK_AUDIT_PRESENTERS,
  eventConsumers: [async (tx, event) => (await (enqueue ??= loadEnqueue())).enqueueWebhookDeliveries(tx, event)],
} satisfies FeatureManifest;
