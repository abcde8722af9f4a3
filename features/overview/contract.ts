import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import {
  approveResultSchema,
  assignResultSchema,
  bulkApproveSchema,
  bulkAssignSchema,
  healthAnswerSchema,
  overviewAnswerSchema,
  overviewQuerySchema,
} from "./schemas";

/**
 * The firm overview's routes (issue #26; lib/http/contract.ts): the rows of every payroll company
 * of the active workspace's connections as stored (no upstream call), the connections' health,
 * a refresh of the stored state (queued jobs), and the bulk actions, which answer per item.
 * Handlers: ./server/handlers.ts; the browser: ./client/api.ts.
 */

export const overviewContract = defineContract({
  /** The rows the filters keep (`?show=mine&show=overdue&connection=<id>&q=…`, ./filters.ts), sorted by urgency. Every member. */
  list: {
    method: "GET",
    path: "/api/overview",
    query: overviewQuerySchema,
    response: overviewAnswerSchema,
    errors: [],
  },
  /** Per payroll connection of the workspace and per accounting connection of the person: how they stand. Every member. */
  health: {
    method: "GET",
    path: "/api/overview/health",
    response: healthAnswerSchema,
    errors: [],
  },
  /** Queues a refresh of the workspace's stored company states (202; the rows change when the jobs are done). Every member; at most one queued per connection. */
  refresh: {
    method: "POST",
    path: "/api/overview/refresh",
    body: z.object({ connectionId: z.uuid().optional() }).strict(),
    response: z.object({ queued: z.number().int() }),
    status: 202,
    errors: [],
  },
  /**
   * Assigns members (owners and clerks) to companies, `add` or `replace` (owners and clerks may
   * assign). Answers per company: done with its assignees now, or refused (`unknown_company`;
   * a person who cannot be assigned refuses the whole request, 422 `invalid` on `userIds`).
   */
  assign: {
    method: "POST",
    path: "/api/overview/assignments",
    body: bulkAssignSchema,
    response: z.object({ results: z.array(assignResultSchema) }),
    errors: ["forbidden"],
  },
  /**
   * Approves months (owners and approvers), each through the month close's own gate: per month
   * done, or refused with why (`month_state`, `month_blocked`, `month_unacknowledged`,
   * `four_eyes`, `period_changed`, `unknown_company`, `key_refused`, `upstream_unreachable`, …).
   */
  approve: {
    method: "POST",
    path: "/api/overview/approvals",
    body: bulkApproveSchema,
    response: z.object({ results: z.array(approveResultSchema) }),
    errors: ["forbidden"],
  },
});
