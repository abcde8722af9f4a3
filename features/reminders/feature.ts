import type { FeatureManifest } from "@/lib/features-core/manifest";
import { REMINDER_QUEUE_OPTIONS, REMINDER_QUEUES } from "./queues";
import { REMINDER_NOTIFICATION_KINDS } from "./notification-kinds";

/** Deadline reminders in the process (docs/adr/0241-feature-manifests.md): their hourly job. */
export const feature = {
  name: "reminders",
  queues: REMINDER_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./server/jobs")).startReminderJobs(),
    runnable: {
      // The reminders due at the (moved) clock's day; a second run the same day tells nobody again.
      [REMINDER_QUEUES.reminders]: async () => (await import("./server/run")).runReminders(),
    },
  },
  notificationKinds: REMINDER_NOTIFICATION_KINDS,
} satisfies FeatureManifest;
