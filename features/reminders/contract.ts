import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { reminderSettingsSchema } from "./points";

/** The reminders' route: an owner sets the workspace's reminder points. Handler: ./server/handlers.ts; the browser: ./client/api.ts. */
export const remindersContract = defineContract({
  setDays: {
    method: "PUT",
    path: "/api/workspaces/:workspaceId/reminders",
    params: workspaceParamsSchema,
    body: reminderSettingsSchema,
    response: z.object({ days: z.array(z.int()), chosen: z.boolean() }),
    errors: ["forbidden"],
  },
});
