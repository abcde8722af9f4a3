import type { FeatureManifest } from "@/lib/features-core/manifest";
import { AUDIT_TRAIL_NOTIFICATION_KINDS } from "./notification-kinds";
import { AUDIT_TRAIL_QUEUE_OPTIONS, AUDIT_TRAIL_QUEUES } from "./queues";
import { AUDIT_TRAIL_WEBHOOK_EVENT_TYPES } from "./webhook-event-types";

/**
 * The audit trail in the process (docs/adr/0241-feature-manifests.md): it reads every other
 * feature's presenters, which the composition root hands it, and runs the trail's hash chain
 * (the chainer's sweep, the daily signed checkpoints: docs/adr/0263…0265).
 */
export const feature = {
  name: "audit-trail",
  queues: AUDIT_TRAIL_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startAuditTrailJobs(),
    runnable: {
      [AUDIT_TRAIL_QUEUES.chain]: async () => (await import("@/lib/audit/chain/server/append")).chainPending(),
      [AUDIT_TRAIL_QUEUES.checkpoint]: async () => (await import("./server/checkpoints")).runCheckpoints(),
    },
  },
  notificationKinds: AUDIT_TRAIL_NOTIFICATION_KINDS,
  webhookEventTypes: AUDIT_TRAIL_WEBHOOK_EVENT_TYPES,
} satisfies FeatureManifest;
