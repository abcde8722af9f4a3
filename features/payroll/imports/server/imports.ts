import "server-only";
import { recordExport } from "@/features/records/server/access-log/record";
import { z } from "zod";
import { recordImportStarted } from "@/features/payroll/employees/server/audit";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "../../connection/server/companies";
import { EMPLOYEE_FIELDS } from "../../employees/employee-schema";
import { employeeContextFor } from "../../employees/server/employees";
import { newEmployeeSchema } from "../../upstream/schemas";
import { storedPositiveIntSchema } from "../../entries/stored-int";
import { readStoredJson } from "../../stored-json";
import type { ColumnMapping } from "../columns";
import { checkImportRows } from "../validate-rows";
import type { ImportCounts, ImportProgress, ReportRow } from "../schemas";

export const MAX_IMPORT_ROWS = 5_000;

/** What the browser sends: the mapped rows as typed (the server checks them again with the same schema). */
export const importRequestSchema = z.object({
  rows: z
    .array(
      z.object({
        row: storedPositiveIntSchema,
        input: z.object(Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, z.string().max(500).default("")]))),
      }),
    )
    .min(1)
    .max(MAX_IMPORT_ROWS)
    .superRefine((rows, ctx) => {
      // A row's number is its key in the report (and in the database): each at most once.
      const seen = new Set<number>();
      rows.forEach((row, index) => {
        if (seen.has(row.row))
          ctx.addIssue({ code: "custom", path: [index, "row"], message: `Row ${row.row} appears more than once.` });
        seen.add(row.row);
      });
    }),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

const IDENTITY_MAPPING = Object.fromEntries(EMPLOYEE_FIELDS.map((field, index) => [field, index])) as ColumnMapping;

/**
 * Stores an import: valid rows `pending`, rows whose id the company already uses `in_use`,
 * invalid rows `skipped` with their problems. Nothing is sent here.
 */
export async function createImport(
  connectionId: string,
  company: CompanyRecord,
  client: PayrollClient,
  request: ImportRequest,
  audit: AuditActor | null,
): Promise<string> {
  const { rows } = importRequestSchema.parse(request);
  const existing = await client.listEmployees(company.id);
  const context = await employeeContextFor(company, client.baseUrl, new Set(existing.map((employee) => employee.id)));
  const checked = checkImportRows(
    rows.map((row) => EMPLOYEE_FIELDS.map((field) => row.input[field] ?? "")),
    IDENTITY_MAPPING,
    context,
  );
  const created = await getDb().$transaction(async (tx) => {
    const stored = await tx.payrollImport.create({
      data: {
        connectionId,
        companyId: company.id,
        total: checked.length,
        rows: {
          createMany: {
            data: checked.map((check, index) => {
              const rowNumber = rows[index]!.row;
              const employeeId = check.employeeId ?? 0;
              if (check.payload && check.inUse)
                return {
                  rowNumber,
                  employeeId,
                  payload: check.payload as object,
                  state: "in_use" as const,
                  message: "The id is already in use in this company.",
                };
              if (check.payload)
                return { rowNumber, employeeId, payload: check.payload as object, state: "pending" as const };
              // An invalid row is never sent: its payload keeps only the names, for the report.
              const names = { first_name: check.input.first_name, last_name: check.input.last_name };
              return {
                rowNumber,
                employeeId,
                payload: names,
                state: "skipped" as const,
                issues: check.problems as object[],
                message: "The row is not valid.",
              };
            }),
          },
        },
      },
      select: { id: true },
    });
    // Audit trail: who started it; the worker records the employees it creates (engine.ts).
    await recordImportStarted(tx, audit, company, stored.id, checked);
    // The access log (issue #38 §4): whose data this import brings in, by id.
    if (audit?.userId)
      await recordExport(
        {
          workspaceId: audit.workspaceId,
          actorId: audit.userId,
          kind: "import",
          companyId: company.id,
          employeeIds: checked.flatMap((check) => (check.employeeId ? [check.employeeId] : [])),
        },
        tx,
      );
    return stored;
  });
  return created.id;
}

/** An import of the connection (null for anyone else's). */
export async function importProgress(connectionId: string, importId: string): Promise<ImportProgress | null> {
  if (!z.uuid().safeParse(importId).success) return null;
  const found = await getDb().payrollImport.findFirst({ where: { id: importId, connectionId } });
  if (!found) return null;
  const groups = await getDb().payrollImportRow.groupBy({ by: ["state"], where: { importId }, _count: { _all: true } });
  const counts: ImportCounts = { pending: 0, sending: 0, created: 0, in_use: 0, refused: 0, failed: 0, skipped: 0 };
  for (const group of groups) counts[group.state] = group._count._all;
  return {
    id: found.id,
    companyId: found.companyId,
    status: found.status,
    total: found.total,
    counts,
    lastError: found.lastError,
    createdAt: found.createdAt.toISOString(),
    startedAt: found.startedAt?.toISOString() ?? null,
    finishedAt: found.finishedAt?.toISOString() ?? null,
  };
}

/** The report's name of a row: its payload's names (only these for a row skipped as invalid; `{}` in imports stored before). */
const reportNameSchema = newEmployeeSchema.pick({ first_name: true, last_name: true }).partial();

export async function importReport(connectionId: string, importId: string): Promise<ReportRow[] | null> {
  const found = await getDb().payrollImport.findFirst({ where: { id: importId, connectionId }, select: { id: true } });
  if (!found) return null;
  const rows = await getDb().payrollImportRow.findMany({ where: { importId }, orderBy: { rowNumber: "asc" } });
  return rows.map((row) => {
    const payload = readStoredJson(
      reportNameSchema,
      row.payload,
      `payroll_import_rows of import ${importId} row ${row.rowNumber}`,
    );
    return {
      row: row.rowNumber,
      employeeId: row.employeeId,
      name: `${payload?.first_name ?? ""} ${payload?.last_name ?? ""}`.trim(),
      state: row.state,
      message: row.message,
      issues: row.issues,
      ...(payload ? {} : { unreadable: true as const }),
    };
  });
}

/** Pause takes effect before the next row; resume hands the import to a worker again. */
export async function setImportPaused(connectionId: string, importId: string, paused: boolean): Promise<boolean> {
  const { count } = await getDb().payrollImport.updateMany({
    where: { id: importId, connectionId, status: paused ? "running" : "paused" },
    data: paused ? { status: "paused" } : { status: "running", lastError: null },
  });
  return count === 1;
}

export async function recentImports(
  connectionId: string,
  companyId: number,
): Promise<{ id: string; status: string; total: number; createdAt: Date }[]> {
  return getDb().payrollImport.findMany({
    where: { connectionId, companyId },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: { id: true, status: true, total: true, createdAt: true },
  });
}
