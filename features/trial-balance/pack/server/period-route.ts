import "server-only";
import { findReachableBusiness } from "@/features/accounting/server/businesses";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { trialBalanceContract } from "../../contract";
import { BadTrialBalance, fetchTrialBalance } from "../../load/server/load";

/**
 * One column of the month-end pack: `GET /api/trial-balance/period?business=&from=&to=`. The
 * browser asks for each column on its own (TanStack Query, four at a time), so a failing month
 * fails alone and the first months show while the others load. The business must be one of the
 * person's (else 403 `unknown_business`, before any call); nothing is kept on the server.
 */
export const getTrialBalancePeriod = withRoute(
  { ...trialBalanceContract.period, recentSession: true, firmOnly: true },
  async ({ query, user }) => {
    if (query.business && !(await findReachableBusiness(user.id, query.business)))
      throw new ApiError("unknown_business");
    try {
      const accounts = await fetchTrialBalance(user, query.business ?? null, query);
      return successResponse({ accounts });
    } catch (error) {
      if (error instanceof BadTrialBalance)
        throw new ApiError("bad_response", "The accounting service's answer was not a trial balance.");
      throw error;
    }
  },
);
