import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { remindersContract } from "../contract";
import { setReminderDays } from "./settings";

export const putReminderDays = withRoute({ ...remindersContract.setDays, maxBodyBytes: 512 }, async ({ user, params, body }) =>
  successResponse(await setReminderDays(user.id, params.workspaceId, body.days)),
);
