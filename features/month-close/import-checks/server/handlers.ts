import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { runMonthChecks } from "../../checks";
import { checkContext, monthLines } from "../../server/check-input";
import { importChecksContract as contract } from "../contract";
import { ruleCounts } from "../rule-counts";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * `POST /api/month-close/[companyId]/[kind]/import-checks`: the month's checks with and
 * without a file's lines. The company is checked against the person's connection first; nothing
 * is stored. The other grid is taken as saved; this grid's lines come from the page (unsaved edits included).
 */
export const postImportChecks = payrollRoute(
  { ...contract.previewChecks, permission: "payroll.edit", own: "payroll.enter_own", maxBodyBytes: 8 * 1024 * 1024 },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    const period = company.current_month;
    if (context.body.period !== period) {
      throw new ApiError("period_changed", `The company's payroll month is now ${period}.`, { extra: { period } });
    }
    const key = { connectionId: context.connection.id, companyId: company.id, period };
    const [checks, saved] = await Promise.all([checkContext(key, context.client), monthLines(getDb(), key)]);
    const run = (lines: typeof context.body.lines) =>
      runMonthChecks({ ...checks, month: { period, ...saved, [kind]: lines } });
    const before = run(context.body.lines);
    const after = run([...context.body.lines, ...context.body.added]);
    return successResponse({ rules: ruleCounts(before, after) });
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const importChecksHandlers = {
  previewChecks: postImportChecks,
} satisfies RouteHandlers<typeof contract>;
