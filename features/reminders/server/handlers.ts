import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { remindersContract } from "../contract";
import { setReminderDays } from "./settings";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

export const putReminderDays = withRoute(
  { ...remindersContract.setDays, maxBodyBytes: 512 },
  async ({ user, params, body }) => successResponse(await setReminderDays(user.id, params.workspaceId, body.days)),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const remindersHandlers = {
  setDays: putReminderDays,
} satisfies RouteHandlers<typeof remindersContract>;
