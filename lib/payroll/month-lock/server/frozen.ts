import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import type { MonthKey, MonthState } from "../states";

/** Makes sure the month's row exists (Open, round 1): every lock below has a row to take. */
export async function ensureMonthRow(tx: Prisma.TransactionClient, key: MonthKey): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO month_closes (id, connection_id, company_id, period, updated_at)
    VALUES (gen_random_uuid(), ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, now())
    ON CONFLICT (connection_id, company_id, period) DO NOTHING`;
}

/**
 * The guard of every draft save, in the save's transaction: 409 `month_frozen` unless the month
 * is Open. It holds a share lock on the month's row until the save commits, so a submit (which
 * takes the row's update lock) waits for saves under way and every later save sees the new state:
 * no save lands after the month was frozen.
 */
export async function assertMonthOpen(tx: Prisma.TransactionClient, key: MonthKey): Promise<void> {
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
  if (state !== "open") {
    throw new ApiError(
      "month_frozen",
      state === "in_review" ? "The month is in review." : `The month is ${state.replaceAll("_", " ")}: drafts cannot be changed.`,
      {
        extra: { state },
      },
    );
  }
}
