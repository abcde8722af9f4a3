export { putReminderDays as PUT } from "@/features/reminders/server/handlers";

export const dynamic = "force-dynamic";
