import "server-only";
import { nowMs } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { getDb } from "@/lib/db/client";
import { effectiveFourEyes } from "@/features/month-close/server/four-eyes";
import { leaseStatus } from "@/features/month-close/lease";
import { actionsFor } from "@/features/month-close/states";
import { awaitsFirm, type MonthState } from "@/features/payroll/month-lock/states";
import { can } from "@/features/workspaces/permissions";
import { grants } from "@/features/workspaces/server/access";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import { ASSIGNABLE_ROLES } from "./assignees";
import { rowDeadlines, type RowDeadlines } from "./row-deadlines";
import { byUrgency, matchesFilters, nextDeadline, overdueOf } from "../urgency";
import type { OverviewSearchParams } from "../filters";
import type { AssignableMember, OverviewAnswer, OverviewRow } from "../types";

/**
 * The overview's rows from Postgres only (no call to a service): every payroll company of the
 * active workspace's connected connections, with the month close's row of its current month, its
 * stored state (./company-state.ts), its assignees and its dates; sorted by urgency and filtered
 * as the URL says. Authorization is in the query: only connections of a workspace the person is a
 * member of (any role reads).
 */

export interface OverviewViewer {
  userId: string;
  workspaceId: string;
  roles: readonly WorkspaceRoleName[];
}

interface RowRecord {
  connection_id: string;
  connection_name: string;
  company_id: number;
  name1: string;
  name2: string;
  period: string;
  state: MonthState | null;
  submitted_by_name: string | null;
  handed_in_by_name: string | null;
  submitted_by_id: string | null;
  submitted_at: Date | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  four_eyes_at_submission: boolean | null;
  transfer_lease_id: string | null;
  transfer_started_at: Date | null;
  transfer_heartbeat_at: Date | null;
  state_period: string | null;
  employee_count: number | null;
  blockers: number | null;
  warnings: number | null;
  unacknowledged: number | null;
  refreshed_at: Date | null;
  last_error: string | null;
  assignee_ids: string[];
}

async function rowRecords(viewer: OverviewViewer): Promise<RowRecord[]> {
  return getDb().$queryRaw<RowRecord[]>`
    SELECT pc.id::text AS connection_id, pc.username AS connection_name, c.company_id, c.name1, c.name2, c.current_month AS period,
      m.state::text AS state, m.handed_in_by_name, m.submitted_by_name, m.submitted_by_id::text AS submitted_by_id, m.submitted_at,
      m.approved_by_name, m.approved_at, m.four_eyes_at_submission,
      m.transfer_lease_id::text AS transfer_lease_id, m.transfer_started_at, m.transfer_heartbeat_at,
      st.period AS state_period, st.employee_count, st.blockers, st.warnings, st.unacknowledged, st.refreshed_at, st.last_error,
      ARRAY(SELECT a.user_id::text FROM payroll_company_assignees a
        JOIN workspace_members am ON am.workspace_id = pc.workspace_id AND am.user_id = a.user_id
        WHERE a.connection_id = c.connection_id AND a.company_id = c.company_id ORDER BY a.created_at, a.user_id) AS assignee_ids
    FROM payroll_connections pc
    JOIN workspace_members me ON me.workspace_id = pc.workspace_id AND me.user_id = ${viewer.userId}::uuid AND NOT ('client' = ANY(me.roles))
    JOIN payroll_companies c ON c.connection_id = pc.id
    LEFT JOIN month_closes m ON m.connection_id = c.connection_id AND m.company_id = c.company_id AND m.period = c.current_month
    LEFT JOIN payroll_company_states st ON st.connection_id = c.connection_id AND st.company_id = c.company_id
    WHERE pc.workspace_id = ${viewer.workspaceId}::uuid AND pc.api_key_encrypted IS NOT NULL`;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toRow(
  record: RowRecord,
  dates: RowDeadlines,
  viewer: OverviewViewer,
  names: Map<string, string>,
  fourEyes: boolean,
  today: string,
): OverviewRow {
  const state = record.state ?? "open";
  const lease = {
    transferLeaseId: record.transfer_lease_id,
    transferStartedAt: record.transfer_started_at,
    transferHeartbeatAt: record.transfer_heartbeat_at,
  };
  const counted = record.state_period === record.period;
  const view = { state, submittedById: record.submitted_by_id, fourEyes: record.four_eyes_at_submission ?? fourEyes };
  return {
    connectionId: record.connection_id,
    connectionName: record.connection_name,
    companyId: record.company_id,
    name: record.name2 ? `${record.name1} ${record.name2}` : record.name1,
    period: record.period,
    state,
    waitingForFirm: awaitsFirm(state),
    handedInBy: record.handed_in_by_name,
    shownState: state === "transfer_unclear" && leaseStatus(lease, nowMs()) === "live" ? "transferring" : state,
    blockers: counted ? record.blockers : null,
    warnings: counted ? record.warnings : null,
    unacknowledgedWarnings: counted ? record.unacknowledged : null,
    employeeCount: record.employee_count,
    submittedBy: record.submitted_by_name,
    submittedAt: iso(record.submitted_at),
    approvedBy: record.approved_by_name,
    approvedAt: iso(record.approved_at),
    assignees: record.assignee_ids.map((id) => ({ id, name: names.get(id) ?? id })),
    land: dates.land,
    landSource: dates.landSource,
    landNotSet: dates.land === null,
    cutOff: dates.cutOff,
    cutOffSource: dates.cutOffSource,
    contributionStatement: dates.contributionStatement,
    statementLastDay: dates.statementLastDay,
    contributionsDue: dates.contributionsDue,
    wageTaxReturn: dates.wageTaxReturn,
    nextDate: nextDeadline(dates, today),
    ...overdueOf(state, dates, today),
    mine: record.assignee_ids.includes(viewer.userId),
    mayApprove: actionsFor(view, { id: viewer.userId, roles: viewer.roles }).includes("approve"),
    refreshedAt: iso(record.refreshed_at),
    lastError: record.last_error,
  };
}

/** The overview as `GET /api/overview` answers it and the page renders it first. */
export async function overviewFor(viewer: OverviewViewer, params: OverviewSearchParams): Promise<OverviewAnswer> {
  const db = getDb();
  const [records, members, fourEyes] = await Promise.all([
    rowRecords(viewer),
    db.workspaceMember.findMany({
      where: { workspaceId: viewer.workspaceId, workspace: grants(viewer.userId, "workspace.read") },
      select: { roles: true, user: { select: { id: true, displayName: true, email: true } } },
    }),
    effectiveFourEyes(db, viewer.workspaceId),
  ]);
  const names = new Map(members.map(({ user }) => [user.id, user.displayName ?? user.email ?? user.id]));
  const connections = new Map<
    string,
    { id: string; name: string; companies: { companyId: number; period: string }[] }
  >();
  for (const record of records) {
    const connection = connections.get(record.connection_id) ?? {
      id: record.connection_id,
      name: record.connection_name,
      companies: [],
    };
    connection.companies.push({ companyId: record.company_id, period: record.period });
    connections.set(record.connection_id, connection);
  }
  const dates = new Map<string, Map<number, RowDeadlines>>();
  for (const connection of connections.values())
    dates.set(connection.id, await rowDeadlines(connection.id, connection.companies));
  const today = berlinToday(new Date(nowMs()));
  const rows = records.map((record) =>
    toRow(record, dates.get(record.connection_id)!.get(record.company_id)!, viewer, names, fourEyes, today),
  );
  rows.sort(byUrgency);
  return {
    today,
    rows: rows.filter((row) => matchesFilters(row, params)),
    total: rows.length,
    members: members
      .filter((member) => member.roles.some((role) => (ASSIGNABLE_ROLES as readonly string[]).includes(role)))
      .map((member): AssignableMember => ({
        id: member.user.id,
        name: names.get(member.user.id)!,
        roles: member.roles,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, "de")),
    connections: [...connections.values()]
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "de")),
    mayAssign: can(viewer.roles, "payroll.edit"),
    mayApproveAny: can(viewer.roles, "payroll.approve"),
  };
}
