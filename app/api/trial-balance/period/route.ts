export { getTrialBalancePeriod as GET } from "@/features/trial-balance/pack/server/period-route";
export const dynamic = "force-dynamic";
