import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { DEFAULT_REMINDER_DAYS } from "../days";

/** The workspace's reminder points (largest first), and whether they are its owner's choice. */
export async function reminderDays(workspaceId: string): Promise<{ days: number[]; chosen: boolean }> {
  const row = await getDb().reminderSettings.findUnique({ where: { workspaceId }, select: { days: true } });
  return row ? { days: row.days, chosen: true } : { days: [...DEFAULT_REMINDER_DAYS], chosen: false };
}

/** An owner sets the points (already validated by the route's schema); a non-member gets 404, a member who is not an owner 403. */
export async function setReminderDays(
  userId: string,
  workspaceId: string,
  days: number[],
): Promise<{ days: number[]; chosen: boolean }> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { roles: true },
  });
  if (!member) throw new ApiError("not_found");
  if (!member.roles.includes("owner"))
    throw new ApiError("forbidden", "Only an owner of the workspace may change the reminders.");
  await getDb().reminderSettings.upsert({
    where: { workspaceId },
    create: { workspaceId, days, updatedBy: userId },
    update: { days, updatedBy: userId },
  });
  return { days, chosen: true };
}
