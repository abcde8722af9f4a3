import "server-only";
import { importedEmployeesStatement } from "@/features/payroll/employees/server/audit";
import { getDb } from "@/lib/db/client";
import type { PayrollImportRowState } from "@/lib/db/generated/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { NewEmployee } from "../../employees/employee-schema";
import { newEmployeeSchema, type Employee } from "../../upstream/schemas";
import { readStoredJson } from "../../stored-json";

/** What became of an import's rows, and storing it (with the audit trail of the employees created). */

export interface Outcome {
  rowNumber: number;
  state: PayrollImportRowState;
  attempts: number;
  message?: string;
  issues?: unknown;
}

/** A stored row that no longer parses (logged by readStoredJson) is not sent; the report shows it failed. */
export function unreadableRow(row: { rowNumber: number; attempts: number }): Outcome {
  return {
    rowNumber: row.rowNumber,
    state: "failed",
    attempts: row.attempts,
    message: "The stored row could not be read.",
  };
}

/** Whether the employee the service holds under the row's id is the one the row sent (same names and postcode). */
export function sameEmployee(found: Employee, sent: NewEmployee): boolean {
  return (
    found.first_name === sent.first_name &&
    found.last_name === sent.last_name &&
    found.address.postal_code === sent.address.postal_code
  );
}

export async function saveOutcomes(importId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const db = getDb();
  const plain = outcomes.filter((outcome) => outcome.message === undefined && outcome.issues === undefined);
  const detailed = outcomes.filter((outcome) => !plain.includes(outcome));
  const groups = new Map<string, number[]>();
  for (const outcome of plain) {
    const key = `${outcome.state}|${outcome.attempts}`;
    groups.set(key, [...(groups.get(key) ?? []), outcome.rowNumber]);
  }
  const created = outcomes.filter((outcome) => outcome.state === "created").map((outcome) => outcome.rowNumber);
  await db.$transaction([
    // Audit trail: the employees created, with their rows' new state.
    ...(created.length ? [importedEmployeesStatement(db, importId, created)] : []),
    ...[...groups].map(([key, rowNumbers]) => {
      const [state, attempts] = key.split("|") as [PayrollImportRowState, string];
      return db.payrollImportRow.updateMany({
        where: { importId, rowNumber: { in: rowNumbers } },
        data: { state, attempts: Number(attempts) },
      });
    }),
    ...detailed.map((outcome) =>
      db.payrollImportRow.update({
        where: { importId_rowNumber: { importId, rowNumber: outcome.rowNumber } },
        data: {
          state: outcome.state,
          attempts: outcome.attempts,
          message: outcome.message ?? null,
          issues: (outcome.issues ?? undefined) as object | undefined,
        },
      }),
    ),
  ]);
}

/** Rows marked `sending` whose call never started go back to pending, while the lease is still ours. */
export async function returnUnsent(importId: string, owner: string, rowNumbers: number[]): Promise<void> {
  await getDb().$executeRaw`
    UPDATE payroll_import_rows SET state = 'pending'
    WHERE import_id = ${importId}::uuid AND state = 'sending' AND row_number = ANY(${rowNumbers}::int[])
      AND EXISTS (SELECT 1 FROM payroll_imports WHERE id = ${importId}::uuid AND lease_owner = ${owner})`;
}

/** Settles rows left `sending` by a worker that stopped: created if the service has them, else pending again. */
export async function settleSendingRows(importId: string, companyId: number, client: PayrollClient): Promise<void> {
  const sending = await getDb().payrollImportRow.findMany({
    where: { importId, state: "sending" },
    select: { rowNumber: true, employeeId: true, payload: true, attempts: true },
  });
  if (sending.length === 0) return;
  const existing = new Map((await client.listEmployees(companyId)).map((employee) => [employee.id, employee]));
  const outcomes: Outcome[] = sending.map((row) => {
    const found = existing.get(row.employeeId);
    if (!found) return { rowNumber: row.rowNumber, state: "pending", attempts: row.attempts };
    const payload = readStoredJson(
      newEmployeeSchema,
      row.payload,
      `payroll_import_rows of import ${importId} row ${row.rowNumber}`,
    );
    if (!payload) return unreadableRow(row);
    if (sameEmployee(found, payload)) return { rowNumber: row.rowNumber, state: "created", attempts: row.attempts };
    return {
      rowNumber: row.rowNumber,
      state: "in_use",
      attempts: row.attempts,
      message: "The id was already in use by another employee.",
    };
  });
  await saveOutcomes(importId, outcomes);
}
