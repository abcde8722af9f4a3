import type { FeatureManifest } from "@/lib/features-core/manifest";
import { MONTH_CLOSE_QUEUE_OPTIONS, MONTH_CLOSE_QUEUES } from "./queues";
import { MONTH_CLOSE_AUDIT_KINDS } from "./audit-kinds";
import { MONTH_CLOSE_AUDIT_PRESENTERS } from "./audit-present";
import { MONTH_CLOSE_NOTIFICATION_KINDS } from "./notification-kinds";
import { MONTH_CLOSE_WEBHOOK_EVENT_TYPES } from "./webhook-event-types";

async function transferRunner() {
  const { runTransferJob } = await import("./server/transfer-job");
  return (data: Parameters<typeof runTransferJob>[0]) => runTransferJob(data);
}

/** The month close in the process (docs/adr/0241-feature-manifests.md): its re-reads and Transfers, and its audit entries. */
export const feature = {
  name: "month-close",
  queues: MONTH_CLOSE_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startMonthCloseJobs(await transferRunner()),
    runnable: {
      [MONTH_CLOSE_QUEUES.reread]: async () => (await import("./server/rereads")).runDueRereads(),
      // The queued Transfers, now, in this process (a worker may have taken some already).
      [MONTH_CLOSE_QUEUES.transfer]: async () =>
        (await import("./server/jobs")).runQueuedTransfers(await transferRunner()),
    },
  },
  auditKinds: MONTH_CLOSE_AUDIT_KINDS,
  auditPresenters: MONTH_CLOSE_AUDIT_PRESENTERS,
  notificationKinds: MONTH_CLOSE_NOTIFICATION_KINDS,
  webhookEventTypes: MONTH_CLOSE_WEBHOOK_EVENT_TYPES,
} satisfies FeatureManifest;
