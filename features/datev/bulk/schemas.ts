import { z } from "zod";
import { apiErrorCodeSchema } from "@/lib/http/envelope";

/**
 * A bulk "Export for DATEV" from /overview (docs/adr/0291-datev-bulk-export-job.md): the months
 * asked for, each month's result, and the run as the page polls it. Shared by the route, the job
 * and the page.
 */

const BULK_EXPORT_MAX_MONTHS = 500;

export const bulkMonthSchema = z
  .object({
    connectionId: z.uuid(),
    companyId: z.number().int().min(0).max(999_999_999),
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month"),
  })
  .strict();
export type BulkMonth = z.infer<typeof bulkMonthSchema>;

/** What the page sends: the selected months and a key of its own, so a double click is one run. */
export const bulkExportInputSchema = z
  .object({
    requestKey: z.string().min(8).max(80),
    months: z.array(bulkMonthSchema).min(1, "count").max(BULK_EXPORT_MAX_MONTHS, "count"),
  })
  .strict();
export type BulkExportInput = z.infer<typeof bulkExportInputSchema>;

/**
 * Why a month was not exported (each has its text on the page and in the results file):
 * `unknown_company` the workspace reaches no such company, `not_datev` its months go to the payroll
 * service, `not_approved` the month is not Approved, `checks` DATEV's trial run would refuse it
 * (`problems` names each), `forbidden` the person may no longer take the month's last step,
 * `failed` anything else (the message says what).
 */
const BULK_REFUSALS = ["unknown_company", "not_datev", "not_approved", "checks", "forbidden", "failed"] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

const bulkItemResultSchema = z.object({
  item: bulkMonthSchema,
  companyName: z.string().nullable(),
  /** `exported` now, `already` exported before (its stored file is in the ZIP), or `refused`. */
  result: z.enum(["exported", "already", "refused"]),
  reason: z.enum(BULK_REFUSALS).nullable(),
  code: z.enum(apiErrorCodeSchema.options).nullable(),
  message: z.string().nullable(),
  /** The trial run's problems (features/datev/export/plan.ts), for `checks`. */
  problems: z.array(z.looseObject({ code: z.string() })).optional(),
  exportId: z.string().nullable(),
  fileName: z.string().nullable(),
  sha256: z.string().nullable(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkRunSchema = z.object({
  id: z.uuid(),
  state: z.enum(["queued", "running", "done"]),
  total: z.number().int(),
  results: z.array(bulkItemResultSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The ZIP's SHA-256 once the run is done (its download: `GET …/zip`). */
  zipSha256: z.string().nullable(),
});
export type BulkRun = z.infer<typeof bulkRunSchema>;
