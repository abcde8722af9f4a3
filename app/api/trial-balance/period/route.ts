export { getTrialBalancePeriod as GET } from "@/lib/trial-balance/pack/server/period-route";
export const dynamic = "force-dynamic";
