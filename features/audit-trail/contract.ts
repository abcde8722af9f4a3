import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { auditRoutes } from "./routes";
import { verifyReportSchema } from "./schemas";

/** The audit trail's routes (lib/http/contract.ts). Handlers: ./server/export.ts, ./server/verify.ts. */
export const auditContract = defineContract(auditRoutes, {
  /** The active workspace's entries as CSV, filtered by the audit page's query (lib/audit/filters.ts reads it). */
  export: {
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    errors: ["forbidden"],
  },
  /** Recomputes the active workspace's hash chain and checks its signed checkpoints (lib/audit/chain/server/verify.ts). */
  verify: { response: verifyReportSchema, errors: ["forbidden"] },
});
