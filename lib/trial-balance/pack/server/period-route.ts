import "server-only";
import * as z from "zod";
import { findReachableBusiness } from "@/lib/accounting/server/businesses";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { isIsoDate } from "@/lib/dates/calendar";
import { BadTrialBalance, fetchTrialBalance } from "../../server/load";

const day = z.string().refine(isIsoDate, "Enter a date as YYYY-MM-DD.");
const periodQuerySchema = z
  .object({
    business: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    from: day,
    to: day,
  })
  .refine((query) => query.from <= query.to, { message: "“to” must be on or after “from”.", path: ["to"] });

/** What `GET /api/trial-balance/period` answers: the period's accounts, packed (lib/trial-balance/response.ts packAccounts). */
export interface PeriodAnswerData {
  accounts: string;
}

/**
 * One column of the month-end pack: `GET /api/trial-balance/period?business=&from=&to=`. The
 * browser asks for each column on its own (TanStack Query, four at a time), so a failing month
 * fails alone and the first months show while the others load. The business must be one of the
 * person's (else 403 `unknown_business`, before any call); nothing is kept on the server.
 */
export const getTrialBalancePeriod = withRoute({ recentSession: true }, async ({ request, user }) => {
  const search = request.nextUrl.searchParams;
  const query = periodQuerySchema.parse({
    business: search.get("business") ?? undefined,
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
  });
  if (query.business && !(await findReachableBusiness(user.id, query.business))) throw new ApiError("unknown_business");
  try {
    const accounts = await fetchTrialBalance(user, query.business ?? null, query);
    return successResponse({ accounts } satisfies PeriodAnswerData);
  } catch (error) {
    if (error instanceof BadTrialBalance) throw new ApiError("bad_response", "The accounting service's answer was not a trial balance.");
    throw error;
  }
});
