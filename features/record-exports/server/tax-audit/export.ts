import "server-only";
import { createHash } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { recordAudit } from "@/lib/audit/server/record";
import { now } from "@/lib/clock";
import { GDPDU_DTD, GDPDU_DTD_NAME } from "@/lib/csv/gdpdu/dtd";
import { gdpduIndexXml } from "@/lib/csv/gdpdu/index-xml";
import type { GdpduTable } from "@/lib/csv/gdpdu/table";
import { gdpduTableCsv } from "@/lib/csv/gdpdu/table-csv";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { recordExport } from "@/features/records/server/access-log/record";
import { ownerOnly } from "@/features/records/server/settings";
import { periodDays, type TaxAuditExportInput } from "../../schemas";
import { readTaxAuditData } from "./read";
import { accessTable, auditTable, linesTable, transfersTable, versionsTable } from "./tables";

/**
 * The data for a tax audit (Z3, issue #38 §5; docs/adr/0285-tax-audit-export.md): one company of
 * the workspace and the months from–to as a ZIP of CSV files with the description standard's
 * index.xml and its DTD, for an owner. The access log and the audit trail record it (with the
 * ZIP's SHA-256) in one transaction before the file is handed out.
 */

export interface ExportFile {
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
}

/** A table's description and its CSV, with its number of rows for the audit entry. */
function part<Row>(table: GdpduTable<Row>, rows: readonly Row[]) {
  return { table, csv: gdpduTableCsv(table, rows), rows: rows.length };
}

const german = (isoDay: string) => isoDay.split("-").reverse().join(".");

export async function taxAuditExport(
  actor: { workspaceId: string; userId: string; name: string | null },
  input: TaxAuditExportInput,
): Promise<ExportFile> {
  const { workspaceId, userId } = actor;
  await ownerOnly(userId, workspaceId);
  const company = await getDb().payrollCompany.findFirst({
    where: { companyId: input.companyId, connection: { workspaceId } },
    select: { name1: true },
    orderBy: { syncedAt: "desc" },
  });
  if (!company) throw new ApiError("not_found");
  const workspace = await getDb().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
  const data = await readTaxAuditData(workspaceId, input.companyId, input.from, input.to);
  const validity = periodDays(input.from, input.to);
  const parts = [
    part(versionsTable(validity), data.versions),
    part(linesTable(validity), data.lines),
    part(transfersTable(validity), data.transfers),
    part(auditTable(validity), data.audit),
    part(accessTable(validity), data.access),
  ];
  const made = now();
  const span = `${german(validity.from)}–${german(validity.to)}`;
  const xml = gdpduIndexXml({
    supplier: {
      name: workspace.name,
      location: "Ledgerlane",
      comment: `Datenüberlassung (Z3): Firma ${input.companyId} ${company.name1}, ${span}`,
    },
    media: `Ledgerlane ${made.toISOString().slice(0, 10)}`,
    tables: parts.map(({ table }) => table),
  });
  const files: Record<string, Uint8Array> = { "index.xml": strToU8(xml), [GDPDU_DTD_NAME]: strToU8(GDPDU_DTD) };
  for (const { table, csv } of parts) files[table.file] = strToU8(csv);
  const bytes = zipSync(files, { level: 6, mtime: made });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const period = input.from === input.to ? input.from : `${input.from}–${input.to}`;
  const employeeIds = new Set(data.lines.map((row) => row.line.employee_id));
  await getDb().$transaction(async (tx) => {
    await recordExport(
      { workspaceId, actorId: userId, kind: "tax_audit_export", companyId: input.companyId, period, employeeIds },
      tx,
    );
    await recordAudit(tx, actor, {
      kind: "records.tax_audit_export",
      companyId: input.companyId,
      details: {
        from: input.from,
        to: input.to,
        sha256,
        rows: Object.fromEntries(parts.map(({ table, rows }) => [table.file, rows])),
      },
    });
  });
  return { fileName: `z3-${input.companyId}-${input.from}-${input.to}.zip`, bytes, sha256 };
}
