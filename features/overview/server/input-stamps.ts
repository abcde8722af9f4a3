import "server-only";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/**
 * When the app-side inputs of a company's month checks last changed: the newest of the month's
 * drafts, its month-close row, its acknowledgements, the company's and its employees' check
 * settings, and its successful transfers (the checks compare with the last month sent). Read from
 * the rows' own timestamps, so finding a stale state costs one query and no write on the way
 * (a draft save stays as it was). The stored state keeps the stamp it was computed at
 * (`inputs_at`); a newer one means its counts are stale.
 */

const STAMP = Prisma.sql`GREATEST(
  (SELECT max(d.updated_at) FROM payroll_entry_drafts d
    WHERE d.connection_id = c.connection_id AND d.company_id = c.company_id AND d.period = c.current_month),
  (SELECT max(GREATEST(m.updated_at, (SELECT max(a.created_at) FROM month_close_acknowledgements a WHERE a.month_close_id = m.id)))
    FROM month_closes m WHERE m.connection_id = c.connection_id AND m.company_id = c.company_id AND m.period = c.current_month),
  (SELECT s.updated_at FROM payroll_company_settings s WHERE s.connection_id = c.connection_id AND s.company_id = c.company_id),
  (SELECT max(e.updated_at) FROM payroll_employee_settings e WHERE e.connection_id = c.connection_id AND e.company_id = c.company_id),
  (SELECT max(t.created_at) FROM payroll_entry_transfers t
    WHERE t.connection_id = c.connection_id AND t.company_id = c.company_id AND t.period < c.current_month AND t.outcome = 'succeeded')
)`;

/** Per company of the connection (by id), the newest change of its month's app-side inputs (null: none yet). */
export async function inputStamps(
  connectionId: string,
  companyIds: readonly number[],
): Promise<Map<number, Date | null>> {
  if (companyIds.length === 0) return new Map();
  const rows = await getDb().$queryRaw<{ company_id: number; stamp: Date | null }[]>`
    SELECT c.company_id, ${STAMP} AS stamp FROM payroll_companies c
    WHERE c.connection_id = ${connectionId}::uuid AND c.company_id = ANY(${[...companyIds]}::int[])`;
  return new Map(rows.map((row) => [row.company_id, row.stamp]));
}

export interface StaleState {
  connectionId: string;
  companyId: number;
  period: string;
  employees: unknown;
}

/**
 * Companies of connected connections whose stored counts are older than their inputs, or were
 * computed for another month (the company's month moved on), and that have stored employees to
 * check with; at most `limit`, the longest stale first.
 */
export async function staleStates(limit: number): Promise<StaleState[]> {
  const rows = await getDb().$queryRaw<
    { connection_id: string; company_id: number; period: string; employees: unknown }[]
  >`
    SELECT c.connection_id::text AS connection_id, c.company_id, c.current_month AS period, st.employees
    FROM payroll_companies c
    JOIN payroll_connections pc ON pc.id = c.connection_id AND pc.api_key_encrypted IS NOT NULL
    JOIN payroll_company_states st ON st.connection_id = c.connection_id AND st.company_id = c.company_id
    CROSS JOIN LATERAL (SELECT ${STAMP} AS stamp) now
    WHERE st.employees IS NOT NULL
      AND (st.period IS DISTINCT FROM c.current_month OR (now.stamp IS NOT NULL AND (st.inputs_at IS NULL OR now.stamp > st.inputs_at)))
    ORDER BY st.checked_at ASC NULLS FIRST
    LIMIT ${limit}`;
  return rows.map((row) => ({
    connectionId: row.connection_id,
    companyId: row.company_id,
    period: row.period,
    employees: row.employees,
  }));
}
