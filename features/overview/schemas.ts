import { z } from "zod";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { FEDERAL_STATES } from "@/features/month-close/checks/federal-states";
import { MONTH_STATES } from "@/features/payroll/month-lock/states";
import { WORKSPACE_ROLES } from "@/features/workspaces/schemas";
import { readOverviewSearchParams } from "./filters";

/**
 * The firm overview's shapes (issue #26): its rows, the members who can be assigned, the
 * connections' health and the bulk actions' per-item results. Dates of the deadlines are
 * calendar days `YYYY-MM-DD`; instants are ISO strings (the page formats both in the person's
 * locale). Server and contract; the page reads the types (./types.ts re-exports them).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const period = z.string().regex(/^\d{4}-\d{2}$/);
const companyId = z.number().int().min(0).max(999_999_999);

/** The Länder (the deadlines module's `LANDS`, the checks' `FEDERAL_STATES`: the same 16 codes). */
export const landSchema = z.enum(FEDERAL_STATES);

/** Which date `nextDate` is: the firm's cut-off or one of the three statutory dates. */
export const DEADLINE_KINDS = ["cut_off", "contribution_statement", "contributions_due", "wage_tax_return"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const personRefSchema = z.object({ id: z.string(), name: z.string() });

/** A company's row: its month, the month close's state, the checks' counts, the people and the dates. */
export const overviewRowSchema = z.object({
  connectionId: z.string(),
  /** The payroll customer's name as the workspace knows the connection (its username at the service). */
  connectionName: z.string(),
  companyId,
  /** `name1`, and `name2` after it when the service has one. */
  name: z.string(),
  /** The company's current payroll month, `YYYY-MM`. */
  period,
  state: z.enum(MONTH_STATES),
  /** The client handed the month in (Handed in): the firm's turn to review it; sorted before rows of the same urgency. */
  waitingForFirm: z.boolean(),
  /** The client who handed it in (while Handed in or later in the round). */
  handedInBy: z.string().nullable(),
  /** What `Month status` reads: Transfer unclear reads Transferring while a Transfer's lease is live. */
  shownState: z.enum([...MONTH_STATES, "transferring"]),
  /** The checks' findings in the month's stored drafts as last computed (null: not computed yet). */
  blockers: z.number().int().nullable(),
  warnings: z.number().int().nullable(),
  /** Warnings of the current round without an acknowledgement (null: not computed yet). */
  unacknowledgedWarnings: z.number().int().nullable(),
  employeeCount: z.number().int().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  assignees: z.array(personRefSchema),
  /** Whose holidays count: the company's own Land (the insurer's seat), else its check settings' Land, else none (national holidays only). */
  land: landSchema.nullable(),
  landSource: z.enum(["company", "check_settings", "none"]),
  /** No Land known: the row says "Land not set" and links to the company's settings. */
  landNotSet: z.boolean(),
  cutOff: isoDate,
  cutOffSource: z.enum(["company", "workspace"]),
  /** The day at whose 0:00 the contribution statement must be with the insurer. */
  contributionStatement: isoDate,
  /** The last day to send it: the calendar day before `contributionStatement`. */
  statementLastDay: isoDate,
  contributionsDue: isoDate,
  wageTaxReturn: isoDate,
  /** The next of cut-off, last day to send the statement, contributions due and wage tax return from today on (null: all passed). */
  nextDate: z.object({ kind: z.enum(DEADLINE_KINDS), date: isoDate, daysLeft: z.number().int() }).nullable(),
  /** The month is not transferred and the statement's last day to send has passed; `overdueDays` since then. */
  overdue: z.boolean(),
  overdueDays: z.number().int().nullable(),
  /** Assigned to the person asking. */
  mine: z.boolean(),
  /** In review and the person may approve it (role and four eyes), as the month close's table says. */
  mayApprove: z.boolean(),
  /** When the stored state was last read from the service and checked (null: never yet), and why the last refresh failed. */
  refreshedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;

/** A member who can be assigned to a company (owners and clerks: they prepare the month). */
export const assignableMemberSchema = personRefSchema.extend({ roles: z.array(z.enum(WORKSPACE_ROLES)) });
export type AssignableMember = z.infer<typeof assignableMemberSchema>;

export const overviewAnswerSchema = z.object({
  /** Today in Europe/Berlin (the app's clock), the day `daysLeft` counts from. */
  today: isoDate,
  /** The rows the filters keep, by urgency: overdue first, then days left to the next date, then name. */
  rows: z.array(overviewRowSchema),
  /** All rows of the workspace before the filters (for "12 of 300"). */
  total: z.number().int(),
  members: z.array(assignableMemberSchema),
  /** The workspace's payroll connections (for the connection filter). */
  connections: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the person may assign (owners and clerks) and approve (owners and approvers). */
  mayAssign: z.boolean(),
  mayApproveAny: z.boolean(),
});
export type OverviewAnswer = z.infer<typeof overviewAnswerSchema>;

/** A payroll connection's health, from the refresh jobs and people's calls. */
export const payrollHealthSchema = z.object({
  connectionId: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** False once disconnected (the key removed). */
  connected: z.boolean(),
  /** The service's last word on the key: accepted, refused (401/403), or not known yet (null). */
  keyAccepted: z.boolean().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  companies: z.number().int(),
});

/** One of the person's accounting connections: valid, renewal due (its refresh token expires soon), or broken and how to mend it. */
export const accountingHealthSchema = z.object({
  version: z.enum(["v3.1", "v3"]),
  state: z.enum(["valid", "renewal_due", "broken"]),
  /** Why it is broken or due (the token endpoint's code, a failed revocation), null when valid. */
  reason: z.string().nullable(),
  /** What mends it: sign in with the service again, or wait for the revocation retry; null when nothing is to be done. */
  action: z.enum(["sign_in_again", "wait_for_revocation"]).nullable(),
  /** Where the action is taken (a page of the app), null without an action. */
  actionHref: z.string().nullable(),
  refreshTokenExpiresAt: z.string().nullable(),
  lastRenewedAt: z.string().nullable(),
});

export const healthAnswerSchema = z.object({
  payroll: z.array(payrollHealthSchema),
  accounting: z.array(accountingHealthSchema),
});
export type PayrollHealth = z.infer<typeof payrollHealthSchema>;
export type AccountingHealth = z.infer<typeof accountingHealthSchema>;
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** `GET /api/overview`'s query: the URL's filters (./filters.ts), anything else ignored, nothing refused. */
const searchValue = z.union([z.string(), z.array(z.string())]).optional();
export const overviewQuerySchema = z
  .object({ show: searchValue, connection: searchValue, q: searchValue })
  .transform((raw) => readOverviewSearchParams(raw));

/** A company of the workspace: connection and the service's company number. */
export const companyRefSchema = z.object({ connectionId: z.uuid(), companyId }).strict();
export type CompanyRef = z.infer<typeof companyRefSchema>;

export const BULK_MAX_COMPANIES = 500;
export const BULK_MAX_ASSIGNEES = 20;

/** Assign clerks to companies: `add` keeps who is assigned, `replace` makes these the only ones (an empty list unassigns). */
export const bulkAssignSchema = z
  .object({
    companies: z.array(companyRefSchema).min(1, "count").max(BULK_MAX_COMPANIES, "count"),
    userIds: z.array(z.uuid()).max(BULK_MAX_ASSIGNEES, "count"),
    mode: z.enum(["add", "replace"]),
  })
  .strict()
  .refine((body) => body.mode === "replace" || body.userIds.length > 0, { path: ["userIds"], message: "count" });
export type BulkAssignInput = z.input<typeof bulkAssignSchema>;

/** Approve months: each names the month it means, so a month that moved on is refused (`period_changed`), not approved. */
export const monthRefSchema = companyRefSchema.extend({ period }).strict();
export const bulkApproveSchema = z
  .object({ months: z.array(monthRefSchema).min(1, "count").max(BULK_MAX_COMPANIES, "count") })
  .strict();
export type BulkApproveInput = z.input<typeof bulkApproveSchema>;

/** One item's outcome: done, or refused with the one error model's code and a sentence saying why. */
function itemResult<T extends z.ZodType>(item: T) {
  return z.object({
    item,
    ok: z.boolean(),
    code: z.enum(apiErrorCodeSchema.options).nullable(),
    message: z.string().nullable(),
  });
}
export const assignResultSchema = itemResult(
  companyRefSchema.extend({ assignees: z.array(personRefSchema).optional() }),
);
export const approveResultSchema = itemResult(monthRefSchema);
export type AssignResult = z.infer<typeof assignResultSchema>;
export type ApproveResult = z.infer<typeof approveResultSchema>;
