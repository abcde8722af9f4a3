import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { EDITABLE_CLASSES } from "./retention";
import { retentionSettingsSchema, socialAuditSchema } from "./schemas";
import { recordsRoutes } from "./routes";

/** The records settings' routes: an owner sets the retention and a company's last audit. Handlers: ./server/handlers.ts. */
export const recordsContract = defineContract(recordsRoutes, {
  setRetention: {
    params: workspaceParamsSchema,
    body: retentionSettingsSchema,
    response: z.object({ years: z.record(z.enum(EDITABLE_CLASSES), z.int()) }),
    errors: ["forbidden"],
  },
  setSocialAudit: {
    params: workspaceParamsSchema,
    body: socialAuditSchema,
    response: z.object({ lastAuditOn: z.string().nullable() }),
    errors: ["forbidden"],
  },
});
