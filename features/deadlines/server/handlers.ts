import "server-only";
import { auditActorOf } from "@/lib/audit/server/record";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { LANDS, monthDeadlines } from "../deadlines";
import { deadlinesContract as contract } from "../contract";
import { DEADLINE_YEARS, isLand } from "../schemas";
import { saveCompanyDeadlineSettings, setWorkspaceCutOff } from "./settings";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { postResetCalendarFeed, getCalendarFeed } from "./feed-handlers";

/**
 * The handlers behind `app/api/deadlines` (GET, public), `app/api/workspaces/[workspaceId]/cut-off`
 * (PUT, owners) and `app/api/deadlines/companies/[companyId]/settings` (PUT, `payroll.edit`),
 * in the envelope. Bad input: 422 `invalid` with `fields` (codes of `deadlines.errors`); a bad year
 * or Land on the public route: 400 `bad_request` saying which and what is allowed.
 */

const YEAR_RANGE = `${DEADLINE_YEARS.min} to ${DEADLINE_YEARS.max}`;

function checkedYear(text: string | undefined): number {
  if (text === undefined || text === "")
    throw new ApiError("bad_request", `The year is missing: add ?year=YYYY (${YEAR_RANGE}).`);
  const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
  if (!(year >= DEADLINE_YEARS.min && year <= DEADLINE_YEARS.max)) {
    throw new ApiError(
      "bad_request",
      `The year must be a whole year from ${YEAR_RANGE}; “${text.slice(0, 20)}” is not.`,
    );
  }
  return year;
}

function checkedLand(text: string | undefined) {
  if (text !== undefined && isLand(text)) return text;
  const known = LANDS.join(", ");
  if (text === undefined || text === "")
    throw new ApiError("bad_request", `The state is missing: add &state= with one of ${known}.`);
  throw new ApiError("bad_request", `Unknown state “${text.slice(0, 20)}”: use one of ${known}.`);
}

export const getYearDeadlines = withRoute(
  {
    ...contract.yearDeadlines,
    auth: false,
    queryRefusal: { code: "bad_request", message: `Give year (${YEAR_RANGE}) and state (a Land's code) once each.` },
  },
  ({ query }) => {
    const year = checkedYear(query.year);
    const state = checkedLand(query.state);
    const months = Array.from({ length: 12 }, (_, index) => {
      const dates = monthDeadlines(`${year}-${String(index + 1).padStart(2, "0")}`, state);
      return {
        month: dates.period,
        contribution_statement: dates.contributionStatement,
        contributions_due: dates.contributionsDue,
        wage_tax_return: dates.wageTaxReturn,
      };
    });
    const response = successResponse({ year, state, months });
    // The same for everyone and fixed by law: shared caches may keep it for a day.
    response.headers.set("cache-control", "public, max-age=86400");
    return response;
  },
);

export const putWorkspaceCutOff = withRoute(
  { ...contract.setWorkspaceCutOff, maxBodyBytes: 256 },
  async ({ user, params, body }) =>
    successResponse(
      await setWorkspaceCutOff(
        { userId: user.id, name: user.displayName ?? user.email ?? null },
        params.workspaceId,
        body,
      ),
    ),
);

export const putCompanyDeadlineSettings = payrollRoute(
  { ...contract.setCompanyDeadlineSettings, permission: "payroll.edit", maxBodyBytes: 512 },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const settings = await saveCompanyDeadlineSettings(
      auditActorOf(context.user),
      context.connection.id,
      company.id,
      context.body,
    );
    return successResponse({ settings });
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const deadlinesHandlers = {
  yearDeadlines: getYearDeadlines,
  setWorkspaceCutOff: putWorkspaceCutOff,
  setCompanyDeadlineSettings: putCompanyDeadlineSettings,
  resetCalendarFeed: postResetCalendarFeed,
  calendarFeed: getCalendarFeed,
} satisfies RouteHandlers<typeof contract>;
