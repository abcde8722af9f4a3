import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { workspaceParamsSchema } from "@/features/workspaces/schemas";
import { LANDS } from "./deadlines";
import {
  companyDeadlineInputSchema,
  cutOffRuleSchema,
  workspaceCutOffInputSchema,
  yearDeadlinesQuerySchema,
  yearDeadlinesResponseSchema,
} from "./schemas";

/**
 * The deadlines' routes (lib/http/contract.ts): a year's statutory dates per Land (public), the
 * workspace's default cut-off, a company's Land and cut-off, and the person's calendar feed.
 * Handlers: ./server/handlers.ts, ./server/feed-handlers.ts; the browser: ./client/api.ts.
 */

const landSchema = z.enum(LANDS);
const companyDeadlineViewSchema = z.object({
  land: landSchema.nullable(),
  cutOffRule: cutOffRuleSchema.nullable(),
  checkSettingsLand: landSchema.nullable(),
  workspaceRule: cutOffRuleSchema,
  effective: z.object({
    land: landSchema.nullable(),
    landSource: z.enum(["company", "check_settings", "none"]),
    cutOffRule: cutOffRuleSchema,
    cutOffSource: z.enum(["company", "workspace"]),
  }),
});

export const deadlinesContract = defineContract({
  /** No sign-in: the year's dates in a Land reveal nothing about anyone. A bad year or Land: 400 `bad_request`. */
  yearDeadlines: {
    method: "GET",
    path: "/api/deadlines",
    query: yearDeadlinesQuerySchema,
    response: yearDeadlinesResponseSchema,
    errors: ["bad_request"],
  },
  /** An owner sets the workspace's default cut-off. */
  setWorkspaceCutOff: {
    method: "PUT",
    path: "/api/workspaces/:workspaceId/cut-off",
    params: workspaceParamsSchema,
    body: workspaceCutOffInputSchema,
    response: z.object({ setting: cutOffRuleSchema.nullable(), effective: cutOffRuleSchema }),
    errors: ["forbidden"],
  },
  /** A company's Land for deadlines (its insurer's seat) and its own cut-off (`payroll.edit`). */
  setCompanyDeadlineSettings: {
    method: "PUT",
    path: "/api/payroll/companies/:companyId/deadline-settings",
    params: z.object({ companyId: z.string() }),
    body: companyDeadlineInputSchema,
    response: z.object({ settings: companyDeadlineViewSchema }),
    errors: ["forbidden", "unknown_company", "key_refused", "upstream_unreachable", "upstream_error"],
  },
  /** A new secret calendar link for the signed-in person; the old one stops working. */
  resetCalendarFeed: {
    method: "POST",
    path: "/api/calendar-feed/reset",
    response: z.object({ url: z.string() }),
    errors: [],
  },
  /** The feed itself (`<token>.ics`): no session, the token decides; an unknown token is 404. */
  calendarFeed: {
    method: "GET",
    path: "/api/calendar/:token",
    params: z.object({ token: z.string() }),
    response: "file",
    errors: [],
  },
});
