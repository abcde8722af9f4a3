import "server-only";
import type { FeatureManifest } from "@/lib/features-core/manifest";
import { QUEUES } from "@/lib/jobs/queues";
import { REMINDER_NOTIFICATION_KINDS } from "./notification-kinds";

/** Deadline reminders in the process (docs/adr/0241-feature-manifests.md): their hourly job. */
export const feature = {
  name: "reminders",
  jobs: {
    start: async () => (await import("./server/jobs")).startReminderJobs(),
    runnable: {
      // The reminders due at the (moved) clock's day; a second run the same day tells nobody again.
      [QUEUES.reminders]: async () => (await import("./server/run")).runReminders(),
    },
  },
  notificationKinds: REMINDER_NOTIFICATION_KINDS,
} satisfies FeatureManifest;
