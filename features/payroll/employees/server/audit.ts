import "server-only";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { getDb } from "@/lib/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import type { Employee } from "@/features/payroll/upstream/schemas";

// What employees' creation records in the trail (read by features/payroll/audit-present.ts): the
// onboarding form's employee, an import's start and the employees its worker created.

type Tx = Prisma.TransactionClient;

/**
 * The statement recording the employees an import's worker just created (rows by number), to
 * run in the transaction that stores those rows as created. The entry goes to the workspace of
 * the import's `employee.import_started` entry, in the name of whoever started it; an import
 * started before the trail existed records nothing.
 */
export function importedEmployeesStatement(
  db: PrismaClient,
  importId: string,
  rowNumbers: readonly number[],
): Prisma.PrismaPromise<number> {
  return db.$executeRaw`
    INSERT INTO audit_entries (workspace_id, actor_id, actor_name, kind, company_id, period, subject_id, details)
    SELECT s.workspace_id, s.actor_id, s.actor_name, 'employee.imported', s.company_id, s.period, s.subject_id,
      jsonb_build_object('importId', s.subject_id, 'employees', (
        SELECT COALESCE(jsonb_agg(jsonb_build_object('row', r.row_number, 'employeeId', r.employee_id)
          ORDER BY r.row_number), '[]'::jsonb)
        FROM payroll_import_rows AS r WHERE r.import_id = ${importId}::uuid AND r.row_number = ANY(${[...rowNumbers]}::int[])))
    FROM audit_entries AS s
    WHERE s.subject_id = ${importId} AND s.kind = 'employee.import_started'
    LIMIT 1`;
}

/**
 * An employee created by the onboarding form. The change is the service's (no row of ours), so
 * the entry is written on its own right after the service confirmed it.
 */
export async function recordEmployeeCreated(
  actor: AuditActor | null,
  company: CompanyRecord,
  employee: Pick<Employee, "id">,
): Promise<void> {
  await recordAudit(getDb(), actor, {
    kind: "employee.created",
    companyId: company.id,
    period: company.current_month,
    subjectId: String(employee.id),
    // By id only: a name in an append-only row could never be erased (docs/erasure.md); the trail shows the name it knows now.
    details: { employeeId: employee.id },
  });
}

/** An import stored (nothing sent yet): who started it and how its rows stand. */
export async function recordImportStarted(
  tx: Tx,
  actor: AuditActor | null,
  company: CompanyRecord,
  importId: string,
  rows: readonly { payload: unknown; inUse: boolean }[],
): Promise<void> {
  const pending = rows.filter((row) => row.payload && !row.inUse).length;
  const inUse = rows.filter((row) => row.payload && row.inUse).length;
  await recordAudit(tx, actor, {
    kind: "employee.import_started",
    companyId: company.id,
    period: company.current_month,
    subjectId: importId,
    details: { importId, total: rows.length, pending, inUse, skipped: rows.length - pending - inUse },
  });
}
