import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { editsIn, monthTakesEdits, type MonthKey, type MonthState } from "../states";

/** Makes sure the month's row exists (Open, round 1): every lock below has a row to take. */
export async function ensureMonthRow(tx: Prisma.TransactionClient, key: MonthKey): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO month_closes (id, connection_id, company_id, period, updated_at)
    VALUES (gen_random_uuid(), ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, now())
    ON CONFLICT (connection_id, company_id, period) DO NOTHING`;
}

/** Who saves a draft: the person (their roles are read in the save's transaction); null for the system. */
export interface MonthEditor {
  workspaceId: string;
  userId: string | null;
}

/** The editor's roles in the workspace, read in the save's transaction (none: a system save, the firm's). */
async function editorRoles(tx: Prisma.TransactionClient, editor: MonthEditor | null): Promise<string[] | null> {
  if (!editor?.userId) return null;
  const rows = await tx.$queryRaw<{ roles: string[] }[]>`
    SELECT roles::text[] AS roles FROM workspace_members WHERE workspace_id = ${editor.workspaceId}::uuid AND user_id = ${editor.userId}::uuid`;
  return rows[0]?.roles ?? [];
}

/**
 * The guard of every draft save, in the save's transaction: 409 `month_frozen` unless the month
 * takes this person's edits (../states.ts `monthTakesEdits`: Open for all; Handed in for the firm,
 * not the client). It holds a share lock on the month's row until the save commits, so a submit (which
 * takes the row's update lock) waits for saves under way and every later save sees the new state:
 * no save lands after the month was frozen.
 */
export async function assertMonthOpen(
  tx: Prisma.TransactionClient,
  key: MonthKey,
  editor: MonthEditor | null = null,
): Promise<void> {
  const read = () => tx.$queryRaw<{ state: MonthState }[]>`
    SELECT state::text AS state FROM month_closes
    WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period}
    FOR SHARE`;
  let rows = await read();
  if (rows.length === 0) {
    await ensureMonthRow(tx, key);
    rows = await read();
  }
  const state = rows[0]?.state ?? "open";
  if (state === "open") return;
  // A system save (no person) is the firm's.
  const roles = editsIn(state) === "firm" ? ((await editorRoles(tx, editor)) ?? ["owner"]) : [];
  if (!monthTakesEdits(state, roles)) {
    throw new ApiError(
      "month_frozen",
      state === "in_review"
        ? "The month is in review."
        : state === "handed_in"
          ? "The month is handed in: the firm reviews it now; it can be changed again if it is sent back."
          : `The month is ${state.replaceAll("_", " ")}: drafts cannot be changed.`,
      {
        extra: { state },
      },
    );
  }
}
