import type { FeatureManifest } from "@/lib/features-core/manifest";
import { ACCOUNTING_QUEUE_OPTIONS, ACCOUNTING_QUEUES } from "./queues";
import { CONNECTION_NOTIFICATION_KINDS } from "./notification-kinds";

/** The accounting connection in the process (docs/adr/0241-feature-manifests.md): its keep-alive and revoke-retry jobs. */
export const feature = {
  name: "accounting",
  queues: ACCOUNTING_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./connection/server/jobs")).startAccountingJobs(),
    runnable: {
      [ACCOUNTING_QUEUES.keepAlive]: async () => (await import("./connection/server/jobs")).renewIdleConnections(),
    },
  },
  notificationKinds: CONNECTION_NOTIFICATION_KINDS,
} satisfies FeatureManifest;
