import { z } from "zod";

/**
 * The exports' inputs (issue #38 §5), shared by the tax-audit form and its route, so a field's
 * error is the same either way: each message is a key under `recordExports.problems`.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** At most this many months in one export: the GoBD's ten years and a little. */
export const MAX_EXPORT_MONTHS = 132;

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** A company of the workspace and the months from–to (`YYYY-MM`, both included) of an export for a tax audit. */
export const taxAuditExportSchema = z
  .object({
    companyId: z.coerce
      .number({ error: "company" })
      .int({ error: "company" })
      .positive({ error: "company" })
      .max(999_999_999, { error: "company" }),
    from: z.string().regex(MONTH, { error: "month" }),
    to: z.string().regex(MONTH, { error: "month" }),
  })
  .superRefine(({ from, to }, context) => {
    if (!MONTH.test(from) || !MONTH.test(to)) return;
    if (to < from) context.addIssue({ code: "custom", path: ["to"], message: "toBeforeFrom" });
    else if (monthsBetween(from, to) > MAX_EXPORT_MONTHS)
      context.addIssue({ code: "custom", path: ["to"], message: "tooLong" });
  });
export type TaxAuditExportInput = z.infer<typeof taxAuditExportSchema>;

/** The first and last day (`YYYY-MM-DD`) of the months from–to. */
export function periodDays(from: string, to: string): { from: string; to: string } {
  const [year, month] = to.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${from}-01`, to: `${to}-${String(last).padStart(2, "0")}` };
}
