import { z } from "zod";

/** An import's rows by state (payroll_import_rows.state). */
const importCountsSchema = z.object({
  pending: z.number().int(),
  sending: z.number().int(),
  created: z.number().int(),
  in_use: z.number().int(),
  refused: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** An import as its progress page polls it (times as ISO strings). */
export const importProgressSchema = z.object({
  id: z.string(),
  companyId: z.number().int(),
  status: z.enum(["running", "paused", "completed", "cancelled"]),
  total: z.number().int(),
  counts: importCountsSchema,
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** One row of an import's report. */
export const reportRowSchema = z.object({
  row: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
  state: z.string(),
  message: z.string().nullable(),
  /** The service's issues as it gave them (shown by features/payroll/components/imports/import-row-detail.ts). */
  issues: z.unknown(),
  /** The stored row no longer parses (logged by its number); its name is unknown. */
  unreadable: z.literal(true).optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
