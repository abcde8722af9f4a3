import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { ENTRY_KINDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { totalOf } from "@/features/payroll/entries/totals";
import type { DatevProgram } from "../settings/schemas";

/**
 * The rows a month's export for DATEV writes, in its transaction (./export.ts), as one statement:
 * the file with its SHA-256, a transfer-history row per kind pointing at the sealed version its
 * lines are (#38 §1), and the month marked Transferred with target `datev` pointing at that history.
 * Raw, and one statement: a bulk export writes this for hundreds of months, and Prisma's client
 * walks every key of a JSON argument (the month's lines), which cost more CPU than the rest of the
 * month's statements together (docs/benchmarks.md, `datev_export_300_companies_ms`).
 */
export interface ExportRows {
  monthId: string;
  connectionId: string;
  companyId: number;
  period: string;
  round: number;
  program: DatevProgram;
  file: { fileName: string; bytes: Uint8Array; sha256: string; correction: boolean; lineCount: number };
  lines: Readonly<Record<EntryKind, readonly StoredLine[]>>;
  sealedMonthId: string | null;
  employeeIds: number[];
  user: { userId: string; userName: string };
  at: Date;
}

export async function storeExportRows(tx: Prisma.TransactionClient, rows: ExportRows): Promise<{ exportId: string }> {
  const { file, user } = rows;
  const history = ENTRY_KINDS.map((kind) => ({
    kind,
    lines: rows.lines[kind],
    line_count: rows.lines[kind].length,
    total_cents: totalOf(kind, rows.period, rows.lines[kind]),
  }));
  const [stored] = await tx.$queryRaw<{ exportId: string }[]>`
    WITH made AS (
      INSERT INTO datev_exports
             (id, connection_id, company_id, period, round, program, file_name, content, sha256, correction,
              line_count, employee_ids, user_id, user_name)
      VALUES (gen_random_uuid(), ${rows.connectionId}::uuid, ${rows.companyId}, ${rows.period}, ${rows.round},
              ${rows.program}, ${file.fileName}, ${file.bytes}, ${file.sha256}, ${file.correction}, ${file.lineCount},
              ${rows.employeeIds}::int[], ${user.userId}::uuid, ${user.userName})
      RETURNING id
    ), history AS (
      INSERT INTO payroll_entry_transfers
             (id, connection_id, company_id, period, kind, user_id, user_name, outcome, target, lines, line_count,
              total_cents, sealed_month_id)
      SELECT gen_random_uuid(), ${rows.connectionId}::uuid, ${rows.companyId}, ${rows.period}, r.kind,
             ${user.userId}::uuid, ${user.userName}, 'succeeded', 'datev', r.lines, r.line_count, r.total_cents,
             ${rows.sealedMonthId}::uuid
        FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb)
             AS r(kind text, lines jsonb, line_count int, total_cents text)
      RETURNING id, kind
    ), month AS (
      UPDATE month_closes
         SET state = 'transferred', transferred_at = ${rows.at}, transfer_target = 'datev',
             hours_transfer_id = (SELECT id FROM history WHERE kind = 'hours'),
             payments_transfer_id = (SELECT id FROM history WHERE kind = 'payments'),
             last_transfer_message = NULL, updated_at = now()
       WHERE id = ${rows.monthId}::uuid
    )
    SELECT id::text AS "exportId" FROM made`;
  if (!stored) throw new Error("The DATEV export's rows were not written.");
  return stored;
}
