export { getTrialBalancePeriod as GET } from "@/lib/trial-balance/pack/period-route";
export const dynamic = "force-dynamic";
