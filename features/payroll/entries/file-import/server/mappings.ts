import "server-only";
import { getDb } from "@/lib/db/client";
import type { EntryKind } from "../../kinds";
import { columnMappingSchema, type ColumnMapping } from "../mapping";

/**
 * The column mapping a company's files were last imported with, per grid. The connection id must
 * already be one the person may reach (features/payroll/server/access.ts): this reads by it, it does not authorize.
 */
export async function rememberedMapping(
  connectionId: string,
  companyId: number,
  kind: EntryKind,
): Promise<ColumnMapping | null> {
  const row = await getDb().payrollEntryImportMapping.findUnique({
    where: { connectionId_companyId_kind: { connectionId, companyId, kind } },
  });
  const parsed = columnMappingSchema.safeParse(row?.mapping);
  return parsed.success ? parsed.data : null;
}

/** Keeps the mapping for the company's next file of this grid (the last one used wins). */
export async function rememberMapping(
  connectionId: string,
  companyId: number,
  kind: EntryKind,
  mapping: ColumnMapping,
): Promise<void> {
  await getDb().payrollEntryImportMapping.upsert({
    where: { connectionId_companyId_kind: { connectionId, companyId, kind } },
    create: { connectionId, companyId, kind, mapping },
    update: { mapping },
  });
}
