import "server-only";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { getTrialBalancePeriod } from "../pack/server/period-route";
import type { trialBalanceContract } from "../contract";

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const trialBalanceHandlers = {
  period: getTrialBalancePeriod,
} satisfies RouteHandlers<typeof trialBalanceContract>;
