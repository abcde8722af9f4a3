import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { datevBulkRoutes } from "./routes";
import { bulkExportInputSchema, bulkRunSchema } from "./schemas";

/**
 * A bulk "Export for DATEV" of the months selected on /overview (docs/adr/0291-datev-bulk-export-job.md):
 * POST starts the run as a job and answers its id (202; the same request key answers the same run),
 * GET reads it with each month's result so far, GET …/zip answers its ZIP once done (409 before).
 * Starting takes the month's last step's roles (owner, clerk, approver) and a recent confirmation,
 * as a single export does; reading is for the workspace's firm members; clients never.
 */

const runParams = z.object({ bulkExportId: z.uuid() });

export const datevBulkContract = defineContract(datevBulkRoutes, {
  start: {
    body: bulkExportInputSchema,
    response: z.object({ id: z.uuid(), state: z.string() }),
    status: 202,
    errors: ["forbidden", "reauthentication_required"],
  },
  read: { params: runParams, response: bulkRunSchema, errors: [] },
  zip: { params: runParams, errors: ["conflict"] },
});
