import "server-only";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { getAuditExport } from "./export";
import { getAuditVerify } from "./verify";
import type { auditContract } from "../contract";

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const auditHandlers = {
  export: getAuditExport,
  verify: getAuditVerify,
} satisfies RouteHandlers<typeof auditContract>;
