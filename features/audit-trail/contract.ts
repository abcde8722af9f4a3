import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { auditRoutes } from "./routes";

/** The audit trail's route (lib/http/contract.ts). Handler: ./server/export.ts. */
export const auditContract = defineContract(auditRoutes, {
  /** The active workspace's entries as CSV, filtered by the audit page's query (lib/audit/filters.ts reads it). */
  export: {
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    errors: ["forbidden"],
  },
});
