export { putReminderDays as PUT } from "@/lib/reminders/server/handlers";

export const dynamic = "force-dynamic";
