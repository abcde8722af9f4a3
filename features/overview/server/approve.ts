import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError, toApiError } from "@/lib/http/api-error";
import type { MonthActor } from "@/features/month-close/server/audit";
import { checkContext } from "@/features/month-close/server/check-input";
import { approveMonth } from "@/features/month-close/server/service";
import { requireCompany } from "@/features/payroll/connection/server/companies";
import { clientForConnection } from "@/features/payroll/connection/server/connection";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { can } from "@/features/workspaces/permissions";
import { grants } from "@/features/workspaces/server/access";
import type { ApproveResult, BulkApproveInput } from "../schemas";

/**
 * Approves many months in one step, each through the month close's own approval
 * (features/month-close/server/service.ts `approveMonth`: its row lock, role, state, four eyes, blockers
 * and unacknowledged warnings, its audit entry), so nothing here decides whether a month may be
 * approved. A person without the approver or owner role is refused as a whole (403); otherwise
 * each month answers for itself: approved, or refused with the month close's code and reason, or
 * `unknown_company` / `period_changed` as the month's own route would answer. One month at a time:
 * each reads its company's employees from the service for the checks, as Approve on its page does.
 */

type Month = BulkApproveInput["months"][number];

export async function approveMonths(actor: MonthActor, input: BulkApproveInput): Promise<ApproveResult[]> {
  if (!can(actor.roles, "payroll.approve"))
    throw new ApiError("forbidden", "A month is approved by a member with the approver or owner role.");
  // Only the connections of the person's workspace that their roles let them approve in (authorization in the query).
  const connections = await getDb().payrollConnection.findMany({
    where: {
      workspaceId: actor.workspaceId,
      apiKeyEncrypted: { not: null },
      id: { in: [...new Set(input.months.map((month) => month.connectionId))] },
      workspace: grants(actor.userId, "payroll.approve"),
    },
    select: { id: true },
  });
  const reachable = new Set(connections.map((connection) => connection.id));
  const clients = new Map<string, Promise<PayrollClient>>();
  const clientOf = (connectionId: string) => {
    let client = clients.get(connectionId);
    if (!client) clients.set(connectionId, (client = clientForConnection(connectionId)));
    return client;
  };
  const results: ApproveResult[] = [];
  for (const month of input.months) results.push(await approveOne(actor, month, reachable, clientOf));
  return results;
}

async function approveOne(
  actor: MonthActor,
  month: Month,
  reachable: ReadonlySet<string>,
  clientOf: (connectionId: string) => Promise<PayrollClient>,
): Promise<ApproveResult> {
  const item = { connectionId: month.connectionId, companyId: month.companyId, period: month.period };
  try {
    if (!reachable.has(month.connectionId))
      throw new ApiError("unknown_company", "This workspace has no such payroll company.");
    const client = await clientOf(month.connectionId);
    const company = await requireCompany(month.connectionId, month.companyId, client);
    if (company.current_month !== month.period)
      throw new ApiError("period_changed", `The company's payroll month is now ${company.current_month}.`);
    const key = { connectionId: month.connectionId, companyId: month.companyId, period: month.period };
    await approveMonth(key, actor, await checkContext(key, client));
    return { item, ok: true, code: null, message: null };
  } catch (error) {
    const refusal = toApiError(error);
    return { item, ok: false, code: refusal.code, message: refusal.message };
  }
}
