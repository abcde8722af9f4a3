import "server-only";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { signInContract as contract } from "../contract";
import { endOtherSessions, endSession, listSessions } from "./sessions";

export const getSessions = withRoute(contract.listSessions, async ({ user }) =>
  successResponse({ sessions: await listSessions(user.id, user.sessionId) }),
);

/** Another person's session, an unknown one and this one (signing out is the header's) are 404 alike. */
export const deleteSession = withRoute(contract.endSession, async ({ user, params }) => {
  const ended = await endSession(user.id, user.sessionId, params.sessionId);
  if (ended === 0) throw new ApiError("not_found", "There is no other session of yours with this id.");
  return successResponse({ ended });
});

export const postSignOutOthers = withRoute(contract.endOtherSessions, async ({ user }) =>
  successResponse({ ended: await endOtherSessions(user.id, user.sessionId) }),
);
