import "server-only";
import { requireRecentConfirmation } from "@/lib/auth/server/recent-confirmation";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import type { MonthActor } from "./audit";
import { setFourEyes } from "./four-eyes";
import { acknowledgeWarnings, mayAcknowledge } from "./acknowledgements";
import { checkContext } from "./check-input";
import { monthCloseContract as contract } from "../contract";
import { holdsRole } from "../states";
import { ACKNOWLEDGE_MAX_BODY_BYTES } from "../schemas";
import { approveMonth, reopenMonth, submitMonth, withdrawMonth } from "./service";
import { handInMonth, sendBackMonth } from "./hand-in";
import { monthCloseView } from "./views";
import { sealedVersionsView } from "../sealing/server/versions";
import { checkTransfer, requestTransfer } from "./transfer";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { putCompanyCheckSettings, putEmployeeCheckSettings } from "../settings/server/handlers";

/**
 * The handlers behind `app/api/month-close/[companyId]` (GET the month's close, POST `{ action,
 * period, reason? }`), `…/acknowledgements` (POST) and `app/api/workspaces/[workspaceId]/four-eyes`
 * (PUT `{ enabled }`), in the envelope. Refusals: see ./service.ts; `period_changed` 409 when the
 * company's month moved on.
 */

function personName(user: SessionUser): string {
  return user.displayName ?? user.email ?? user.id;
}

/**
 * The person as a month-close actor: their active workspace and its roles. The route helper
 * reaches only that workspace's connections, so it is the month's workspace too.
 */
function actorOf(user: SessionUser): MonthActor {
  if (!user.workspace) throw new ApiError("forbidden", "You are not a member of a workspace.");
  return { workspaceId: user.workspace.id, userId: user.id, name: personName(user), roles: user.workspace.roles };
}

// Each action's own roles are checked by the service (features/month-close/states.ts); reading the month is for every member.
export const getMonthClose = payrollRoute(
  { ...contract.get, permission: "payroll.read", own: "payroll.read_own" },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    const actor = actorOf(context.user);
    return successResponse({
      monthClose: await monthCloseView(
        { connectionId: context.connection.id, companyId: company.id, period: company.current_month },
        actor.workspaceId,
      ),
    });
  },
);

// Whoever reads the month reads its sealed versions (a client: their own company's, as the month itself).
export const getSealedVersions = payrollRoute(
  { ...contract.versions, permission: "payroll.read", own: "payroll.read_own" },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    return successResponse({ versions: await sealedVersionsView(context.connection.id, company.id) });
  },
);

export const postMonthClose = payrollRoute(
  { ...contract.act, permission: "payroll.read", own: "payroll.enter_own", maxBodyBytes: 4096 },
  async (context) => {
    // A step the person's roles never take is refused before the month is read or a confirmation asked
    // (a client's only step is Hand in); the service checks the roles again in its transaction.
    if (!holdsRole(actorOf(context.user).roles, context.body.action))
      throw new ApiError("forbidden", "Your roles in this workspace do not take this step of the month close.");
    // Approving and transferring matter: a recent sign-in or confirmation first (the other steps do not ask).
    if (context.body.action === "approve" || context.body.action === "transfer")
      requireRecentConfirmation(context.user);
    const company = await companyFromParam(context, context.params.companyId);
    const body = context.body;
    if (body.period !== company.current_month) {
      throw new ApiError("period_changed", `The company's payroll month is now ${company.current_month}.`, {
        extra: { period: company.current_month },
      });
    }
    const actor = actorOf(context.user);
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month };
    // The checks' input apart from the lines (read before the transition's transaction: it asks the service).
    const checks = () => checkContext(key, context.client);
    switch (body.action) {
      case "hand_in":
        return successResponse({ monthClose: await handInMonth(key, actor) });
      case "send_back":
        return successResponse({ monthClose: await sendBackMonth(key, actor, body.reason) });
      case "submit":
        return successResponse({ monthClose: await submitMonth(key, actor, await checks()) });
      case "withdraw":
        return successResponse({ monthClose: await withdrawMonth(key, actor) });
      case "approve":
        return successResponse({ monthClose: await approveMonth(key, actor, await checks()) });
      case "reopen":
        return successResponse({ monthClose: await reopenMonth(key, actor, body.reason) });
      case "transfer":
        // Enqueued: answers at once with the month Transferring; the page follows it (./transfer-job.ts sends).
        return successResponse(await requestTransfer(key, actor), 202);
      case "check":
        return successResponse(await checkTransfer(key, actor, context.client, company, context.connection.baseUrl));
    }
  },
);

/**
 * POST `{ period, warningIds, comment }`: acknowledges warnings of the current round (one, or all of
 * a rule) with one comment, all or none (./acknowledgements.ts says who, when and what).
 */
export const postAcknowledgement = payrollRoute(
  { ...contract.acknowledge, permission: "payroll.read", maxBodyBytes: ACKNOWLEDGE_MAX_BODY_BYTES },
  async (context) => {
    const company = await companyFromParam(context, context.params.companyId);
    if (context.body.period !== company.current_month) {
      throw new ApiError("period_changed", `The company's payroll month is now ${company.current_month}.`, {
        extra: { period: company.current_month },
      });
    }
    const actor = actorOf(context.user);
    // Refused before the service is asked for the employees; the service checks the roles again.
    if (!mayAcknowledge(actor.roles))
      throw new ApiError("forbidden", "A warning is acknowledged by a member who prepares or approves the month.");
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month };
    const acknowledgements = await acknowledgeWarnings(
      key,
      actor,
      await checkContext(key, context.client),
      context.body,
    );
    return successResponse({ acknowledgements }, 201);
  },
);

export const putFourEyes = withRoute(
  { ...contract.setFourEyes, recentConfirmation: true, maxBodyBytes: 256 },
  async ({ user, params, body }) =>
    successResponse(await setFourEyes({ userId: user.id, name: personName(user) }, params.workspaceId, body.enabled)),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const monthCloseHandlers = {
  get: getMonthClose,
  act: postMonthClose,
  versions: getSealedVersions,
  acknowledge: postAcknowledgement,
  setFourEyes: putFourEyes,
  setCompanySettings: putCompanyCheckSettings,
  setEmployeeSettings: putEmployeeCheckSettings,
} satisfies RouteHandlers<typeof contract>;
