import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { EMPLOYEE_FIELDS, emptyEmployeeInput, type EmployeeInput } from "../employee-schema";
import { readStoredJson } from "../../stored-json";

/** A draft is whatever was typed: strings per field, nothing validated (that is the point). */
export const draftSchema = z.object(Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, z.string().max(500).optional()]))).strict();

export async function loadDraft(connectionId: string, companyId: number): Promise<EmployeeInput | null> {
  const row = await getDb().payrollEmployeeDraft.findUnique({ where: { connectionId_companyId: { connectionId, companyId } } });
  if (!row) return null;
  // An unreadable draft is logged by its key and the form starts empty (the draft is overwritten on the next save).
  const parsed = readStoredJson(draftSchema, row.data, `payroll_employee_drafts of connection ${connectionId} company ${companyId}`);
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
