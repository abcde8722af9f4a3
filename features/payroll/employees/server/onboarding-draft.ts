import "server-only";
import { getDb } from "@/lib/db/client";
import { emptyEmployeeInput, type EmployeeInput } from "../employee-schema";
import { readStoredJson } from "../../stored-json";
import { draftSchema } from "../draft-schema";

export { draftSchema };

export async function loadDraft(connectionId: string, companyId: number): Promise<EmployeeInput | null> {
  const row = await getDb().payrollEmployeeDraft.findUnique({
    where: { connectionId_companyId: { connectionId, companyId } },
  });
  if (!row) return null;
  // An unreadable draft is logged by its key and the form starts empty (the draft is overwritten on the next save).
  const parsed = readStoredJson(
    draftSchema,
    row.data,
    `payroll_employee_drafts of connection ${connectionId} company ${companyId}`,
  );
  return parsed ? { ...emptyEmployeeInput(), ...parsed } : null;
}

export async function saveDraft(connectionId: string, companyId: number, data: Partial<EmployeeInput>): Promise<void> {
  await getDb().payrollEmployeeDraft.upsert({
    where: { connectionId_companyId: { connectionId, companyId } },
    create: { connectionId, companyId, data },
    update: { data },
  });
}

export async function deleteDraft(connectionId: string, companyId: number): Promise<void> {
  await getDb().payrollEmployeeDraft.deleteMany({ where: { connectionId, companyId } });
}
