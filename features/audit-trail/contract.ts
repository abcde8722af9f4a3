import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

/** The audit trail's route (lib/http/contract.ts). Handler: ./server/export.ts. */
export const auditContract = defineContract({
  /** The active workspace's entries as CSV, filtered by the audit page's query (lib/audit/filters.ts reads it). */
  export: {
    method: "GET",
    path: "/api/audit/export",
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    response: "file",
    errors: ["forbidden"],
  },
});
