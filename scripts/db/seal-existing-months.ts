import pg from "pg";
import type { MonthCloseSealedDetails } from "../../features/month-close/audit-kinds";
import { buildSnapshot, linesFromDraftRows, type DraftLineRow } from "../../features/month-close/sealing/snapshot";

/**
 * The migration step that seals months approved before sealing existed (docs/adr/0262): every
 * month Approved, Transferring, Transferred, Waiting for pay run or Transfer unclear (Transferring
 * is stored as `transfer_unclear` with a lease) without a sealed version gets version 1 from its
 * frozen drafts, marked "sealed at migration" (no findings: the checks' input then is not known).
 * SQL cannot write RFC 8785's canonical form, so this runs after the SQL migrations (migrate.ts),
 * with the same snapshot code as the app (features/month-close/sealing/snapshot.ts): the same hash.
 * Each is in the audit trail as `month_close.sealed` with `sealedAtMigration`, by nobody.
 * Idempotent: a month with any version is left alone; each month is sealed in a transaction of
 * its own under its row lock (an approval running meanwhile seals it itself, or waits).
 */

const SEALED_STATES = ["approved", "transferred", "transfer_unclear", "waiting_for_pay_run"];

interface MonthRow {
  id: string;
  connection_id: string;
  company_id: number;
  period: string;
  workspace_id: string;
  round: number;
  handed_in_by_id: string | null;
  handed_in_at: Date | null;
  submitted_by_id: string | null;
  submitted_at: Date | null;
  approved_by_id: string | null;
  approved_at: Date | null;
  reopen_reason: string | null;
  reopened_at: Date | null;
  four_eyes_at_submission: boolean | null;
}

// Timestamps are stored without a zone, meaning UTC (Prisma's reading): read as UTC whatever the process's zone.
const utc = (column: string) => `(m.${column} AT TIME ZONE 'UTC') AS ${column}`;

const MONTHS_TO_SEAL = `
  SELECT m.id, m.connection_id, m.company_id, m.period, c.workspace_id, m.round,
         m.handed_in_by_id, ${utc("handed_in_at")}, m.submitted_by_id, ${utc("submitted_at")},
         m.approved_by_id, ${utc("approved_at")}, m.reopen_reason, ${utc("reopened_at")},
         m.four_eyes_at_submission
    FROM month_closes m JOIN payroll_connections c ON c.id = m.connection_id
   WHERE m.state::text = ANY($1)
     AND NOT EXISTS (SELECT 1 FROM sealed_months s
                      WHERE s.connection_id = m.connection_id AND s.company_id = m.company_id AND s.period = m.period)`;

async function sealOne(client: pg.Client, month: MonthRow): Promise<boolean> {
  await client.query("BEGIN");
  try {
    const locked = await client.query(`SELECT 1 FROM month_closes WHERE id = $1 AND state::text = ANY($2) FOR UPDATE`, [
      month.id,
      SEALED_STATES,
    ]);
    const sealed = await client.query(
      `SELECT 1 FROM sealed_months WHERE connection_id = $1 AND company_id = $2 AND period = $3`,
      [month.connection_id, month.company_id, month.period],
    );
    if (locked.rowCount === 0 || (sealed.rowCount ?? 0) > 0) {
      await client.query("ROLLBACK");
      return false;
    }
    // The month close's own reading of the drafts (check-input.ts monthLines): removed lines out, by kind, employee, position.
    const lines = await client.query<DraftLineRow>(
      `SELECT kind, line_id AS "lineId", employee_id AS "employeeId", values FROM payroll_entry_draft_lines
        WHERE connection_id = $1 AND company_id = $2 AND period = $3 AND NOT deleted
        ORDER BY kind, employee_id, position`,
      [month.connection_id, month.company_id, month.period],
    );
    const acknowledgements = await client.query<{
      warningId: string;
      userId: string | null;
      createdAt: Date;
      comment: string;
    }>(
      `SELECT warning_id AS "warningId", user_id AS "userId", (created_at AT TIME ZONE 'UTC') AS "createdAt", comment
         FROM month_close_acknowledgements WHERE month_close_id = $1 AND round = $2`,
      [month.id, month.round],
    );
    const { content, texts, hash } = buildSnapshot({
      companyId: month.company_id,
      period: month.period,
      version: 1,
      month: {
        round: month.round,
        handedInById: month.handed_in_by_id,
        handedInAt: month.handed_in_at,
        submittedById: month.submitted_by_id,
        submittedAt: month.submitted_at,
        approvedById: month.approved_by_id,
        approvedAt: month.approved_at,
        reopenReason: month.reopen_reason,
        reopenedAt: month.reopened_at,
      },
      fourEyes: month.four_eyes_at_submission,
      lines: linesFromDraftRows(lines.rows),
      findings: null,
      acknowledgements: acknowledgements.rows,
      sealedAtMigration: true,
    });
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO sealed_months (id, workspace_id, connection_id, company_id, period, version, content, hash, sealed_by_id, sealed_at, sealed_at_migration)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 1, $5, $6, NULL, (now() AT TIME ZONE 'UTC'), true) RETURNING id`,
      [month.workspace_id, month.connection_id, month.company_id, month.period, JSON.stringify(content), hash],
    );
    const sealedMonthId = inserted.rows[0]!.id;
    for (const text of texts)
      await client.query(`INSERT INTO sealed_month_texts (sealed_month_id, ref, text, salt) VALUES ($1, $2, $3, $4)`, [
        sealedMonthId,
        text.ref,
        text.text,
        text.salt,
      ]);
    // In the trail as an approval's sealing is (features/month-close/sealing/server/seal.ts), by nobody, marked.
    const details: MonthCloseSealedDetails = { version: 1, hash, round: month.round, sealedAtMigration: true };
    await client.query(
      `INSERT INTO audit_entries (workspace_id, actor_id, actor_name, kind, company_id, period, subject_id, details)
       VALUES ($1, NULL, NULL, 'month_close.sealed', $2, $3, $4, $5)`,
      [month.workspace_id, month.company_id, month.period, sealedMonthId, JSON.stringify(details)],
    );
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** Seals every approved month without a version; how many it sealed (0 on every run after the first). */
export async function sealExistingMonths(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString, application_name: "ledgerlane-migrate" });
  await client.connect();
  try {
    const { rows } = await client.query<MonthRow>(MONTHS_TO_SEAL, [SEALED_STATES]);
    let sealed = 0;
    for (const month of rows) if (await sealOne(client, month)) sealed += 1;
    return sealed;
  } finally {
    await client.end();
  }
}
