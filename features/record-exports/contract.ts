import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { recordExportsRoutes } from "./routes";
import { taxAuditExportSchema } from "./schemas";

/** The exports the law asks for (issue #38 §5): ZIP files, owners only. Handlers: ./server/handlers.ts. */
export const recordExportsContract = defineContract(recordExportsRoutes, {
  /** The data for a tax audit (Z3): CSV files with the description standard's index.xml and its DTD. */
  taxAudit: { params: workspaceParamsSchema, query: taxAuditExportSchema, errors: ["forbidden"] },
  /** The workspace's procedure documentation as a PDF (the firm's members). */
  procedure: { params: workspaceParamsSchema, errors: [] },
  /** Everything held about one employee (Art. 15 GDPR), as JSON and CSV with a README. */
  personalData: {
    params: z.object({ companyId: z.string(), employeeId: z.string().regex(/^\d{1,9}$/) }),
    errors: ["forbidden", "unknown_company"],
  },
});
