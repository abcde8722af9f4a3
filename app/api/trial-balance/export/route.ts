import { errorKey } from "@/components/ui/error-text";
import { trialBalanceExport } from "@/features/trial-balance/export/server/route";

export const GET = trialBalanceExport((code) => errorKey(code, "accounting"));
export const dynamic = "force-dynamic";
