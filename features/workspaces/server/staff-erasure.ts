import "server-only";
import { recordAudit } from "@/lib/audit/server/record";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { refusal } from "./access";
import { purgeStaffName } from "./staff-purge";
import type { FormerMemberView } from "../schemas";

/**
 * Erasing a former staff member's name (issue #38 §3, docs/erasure.md "Staff", docs/adr/0298). The
 * trail names staff by id and reads their name from `users` when shown; erasing deletes that row
 * (their sessions, passkeys and memberships go with it: the account can never sign in again) and
 * records the id in `erased_people`, so every entry naming them reads "Erased staff member". The
 * append-only rows are not touched: the trail still verifies.
 *
 * Only a workspace's owner, and only for someone who appears in its trail, is no longer its member,
 * and shares no workspace with anyone else (else another firm still works with them: 409 `conflict`).
 */

type Tx = Prisma.TransactionClient;

/** People the workspace's trail names (as actor or as the member concerned) who are not its members now. */
function formerMembersSql(workspaceId: string, personId?: string) {
  return getDb().$queryRaw<{ id: string; name: string | null; shared: boolean }[]>`
    SELECT u.id::text, COALESCE(u.display_name, u.email) AS name,
           EXISTS (SELECT 1 FROM workspace_members m JOIN workspace_members o ON o.workspace_id = m.workspace_id
                    WHERE m.user_id = u.id AND o.user_id <> u.id) AS shared
      FROM users u
     WHERE (${personId ?? null}::uuid IS NULL OR u.id = ${personId ?? null}::uuid)
       AND NOT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = ${workspaceId}::uuid AND m.user_id = u.id)
       AND u.id IN (SELECT a.actor_id FROM audit_entries a WHERE a.workspace_id = ${workspaceId}::uuid AND a.actor_id IS NOT NULL
                    UNION SELECT a.subject_id::uuid FROM audit_entries a WHERE a.workspace_id = ${workspaceId}::uuid
                       AND a.kind IN ('member.joined', 'member.removed', 'member.left'))
     ORDER BY name, u.id`;
}

async function requireOwner(db: Tx | ReturnType<typeof getDb>, actorId: string, workspaceId: string): Promise<void> {
  const owner = await db.workspaceMember.count({ where: { workspaceId, userId: actorId, roles: { has: "owner" } } });
  if (owner === 0) throw await refusal(actorId, workspaceId);
}

/** The workspace's former members, for its owners: whose name may be erased (`erasable`) and whose not yet. */
export async function listFormerMembers(actorId: string, workspaceId: string): Promise<FormerMemberView[]> {
  await requireOwner(getDb(), actorId, workspaceId);
  const rows = await formerMembersSql(workspaceId);
  return rows.map((row) => ({ userId: row.id, name: row.name ?? row.id.slice(0, 8), erasable: !row.shared }));
}

/** An owner erases a former member's name (see above). Answers the places purged, by table. */
export async function eraseFormerMember(
  actorId: string,
  workspaceId: string,
  personId: string,
): Promise<Record<string, number>> {
  const counts = await getDb().$transaction(async (tx) => {
    await requireOwner(tx, actorId, workspaceId);
    // The person's row, locked: a sign-in or an invitation accepted meanwhile waits, then finds no one.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${personId}::uuid FOR UPDATE`;
    const [person] = await formerMembersSql(workspaceId, personId);
    if (!person) throw new ApiError("not_found", "That person is not a former member of this workspace.");
    if (person.shared) {
      throw new ApiError(
        "conflict",
        "This person still shares a workspace with others: they must leave it (or be removed) first.",
      );
    }
    const purged = await purgeStaffName(tx, personId, person.name, workspaceId);
    await tx.erasedPerson.create({ data: { userId: personId, workspaceId } });
    // Their sessions, passkeys, memberships, notifications and the rest of their own rows go with it.
    await tx.user.delete({ where: { id: personId } });
    const actor = await tx.user.findUnique({ where: { id: actorId }, select: { displayName: true, email: true } });
    await recordAudit(
      tx,
      { workspaceId, userId: actorId, name: actor?.displayName ?? actor?.email ?? null },
      { kind: "member.erased", subjectId: personId, details: { memberId: personId, erased: purged } },
    );
    return purged;
  });
  // This process at once; the others through the membership trigger's notification.
  sessionCache().forget(personId);
  return counts;
}
