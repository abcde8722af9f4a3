import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { ENTRY_KINDS } from "@/features/payroll/entries/kinds";
import { storedLineSchema } from "@/features/payroll/entries/schemas";
import { CHECK_RULES } from "../checks/schemas";

/**
 * The month's checks on a file import before it is applied (features/payroll/entries/file-import): the
 * grid's lines as they are now and the lines the file would add, checked with the month's context
 * (the other grid as saved, employees, insurers, settings, holidays, the previous month) as the
 * Checks region does, answered as counts per rule before and after. Handler: ./server/handlers.ts.
 */

const params = z.object({ companyId: z.string(), kind: z.enum(ENTRY_KINDS) });

export const importChecksContract = defineContract({
  previewChecks: {
    method: "POST",
    path: "/api/payroll-entries/:companyId/:kind/file-import/checks",
    params,
    body: z.object({
      period: z.string().regex(/^\d{4}-\d{2}$/),
      /** The grid's lines now (this kind), as the draft saver writes them. */
      lines: z.array(storedLineSchema).max(50_000),
      /** What the file adds. */
      added: z.array(storedLineSchema).max(5_000),
    }),
    response: z.object({
      rules: z.array(
        z.object({
          rule: z.enum(CHECK_RULES),
          severity: z.enum(["blocker", "warning"]),
          before: z.number().int(),
          after: z.number().int(),
        }),
      ),
    }),
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable", "upstream_error", "period_changed"],
    errorExtras: { period_changed: z.object({ period: z.string() }) },
  },
});
