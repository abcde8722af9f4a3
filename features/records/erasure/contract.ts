import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { erasureRequestSchema, erasureRequestViewSchema } from "./schemas";
import { erasureRoutes } from "./routes";

/** An owner records an employee's erasure request. Handlers: ./server/handlers.ts. */
export const erasureContract = defineContract(erasureRoutes, {
  requestErasure: {
    params: workspaceParamsSchema,
    body: erasureRequestSchema,
    response: z.object({ request: erasureRequestViewSchema }),
    errors: ["forbidden"],
  },
});
