import "server-only";
import { personName, recordAudit } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";

/**
 * An owner may require a passkey of every member of the workspace. A member without one is led
 * to add one before the app (the gate page /passkey-required, app/layout's PasskeyGate), which they
 * cannot skip except by signing out. The requirement is the workspace's: a person who is a member of
 * any workspace requiring passkeys, and has none, is gated.
 */

/** Whether the person must add a passkey before going on (one query: a page render asks it). */
export async function mustAddPasskey(userId: string): Promise<boolean> {
  const gated = await getDb().workspaceMember.findFirst({
    where: { userId, workspace: { requirePasskey: true }, user: { passkeys: { none: {} } } },
    select: { workspaceId: true },
  });
  return gated !== null;
}

export async function passkeyRequired(workspaceId: string): Promise<boolean> {
  const workspace = await getDb().workspace.findUnique({
    where: { id: workspaceId },
    select: { requirePasskey: true },
  });
  return workspace?.requirePasskey ?? false;
}

/** An owner sets the requirement (audited); a non-member gets 404, a member who is not an owner 403. */
export async function setPasskeyRequirement(
  userId: string,
  workspaceId: string,
  required: boolean,
): Promise<{ required: boolean }> {
  const db = getDb();
  const member = await db.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { roles: true, user: { select: { displayName: true, email: true } } },
  });
  if (!member) throw new ApiError("not_found");
  if (!member.roles.includes("owner"))
    throw new ApiError("forbidden", "Only an owner of the workspace may require passkeys.");
  await db.$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { requirePasskey: true },
    });
    if (before.requirePasskey === required) return;
    await tx.workspace.update({ where: { id: workspaceId }, data: { requirePasskey: required }, select: { id: true } });
    await recordAudit(
      tx,
      { workspaceId, userId, name: personName(member.user) },
      { kind: "workspace.passkey_requirement", details: { required } },
    );
  });
  return { required };
}
