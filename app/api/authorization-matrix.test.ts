import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { getDb as getDbType } from "@/lib/db/client";
import { can, type Permission } from "@/features/workspaces/permissions";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";

/**
 * The authorization matrix: 2 workspaces × 5 roles × every route of `app/api/**` and every server
 * action, against the real database and the sandbox. Every handler is called directly with the
 * session of a person holding one role in workspace A or B; the resources named are workspace A's.
 * Nothing may be wrongly allowed, and every refusal is a 403 or 404 in the envelope.
 *
 * The fifth role, `client`, is exclusive and reaches companies, not the workspace: the client of A
 * has company 1001 of A's connection as theirs, and 1002 of the same connection is not theirs.
 * A route a client reaches for their own company says so (`client` in its entry); each client is
 * then called with 1001 and with 1002 (allowed only for the client of A with 1001). Every other
 * route refuses both clients, even naming the client's own company.
 *
 * The routes and actions are found on disk (route.ts files and their exported methods, files
 * saying "use server" and their exports): one without an entry below fails the test.
 */

// Who is signed in for the next call: read by the mocked session lookup.
const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});
// Outside a Next request: no cache to revalidate; texts by key.
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock("next-intl/server", () => ({
  getTranslations: () => Promise.resolve(Object.assign((key: string) => key, { rich: (key: string) => key })),
  getLocale: () => Promise.resolve("en"),
}));

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const THOMAS = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const ROLES: WorkspaceRoleName[] = ["owner", "clerk", "approver", "viewer", "client"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ROOT = path.resolve(import.meta.dirname, "../..");
/** Sabine's (workspace A's connection) two companies: the client of A's, and one that is not theirs. */
const CLIENT_COMPANY_A = 1001;
const OTHER_COMPANY_A = 1002;
/** Thomas's (workspace B's connection) company: the client of B's. */
const CLIENT_COMPANY_B = 2001;

interface Person {
  id: string;
  sessionId: string;
  workspace: "A" | "B";
  role: WorkspaceRoleName;
  /** A client's own company (the client of A: a company of A's connection; the client of B: one of B's). */
  company?: string;
}

interface Fixture {
  db: Db;
  workspaceA: string;
  workspaceB: string;
  connectionA: string;
  /** The company of A's connection the client of A has as theirs; every entry naming a company names this one unless told. */
  clientCompanyA: string;
  /** A company of A's connection that is not the client's. */
  otherCompanyA: string;
  /** A kept (disconnected) connection of A: the target of Disconnect and "Delete all payroll data". */
  keptA: string;
  baseUrl: string;
  importA: string;
  invitationA: { id: string; token: string };
  /** A clerk of A who is not one of the matrix people: the target of the member routes. */
  memberA: string;
  /** A bulk DATEV export of A, done, with its ZIP (features/datev/bulk). */
  bulkExportA: string;
  /** Someone A's trail names who left A and works in B with others: erasing their name stops at 409 `conflict`. */
  formerA: string;
  /** A webhook endpoint of A (its row as stored, to put back after a removal). */
  webhookA: { id: string; workspaceId: string; url: string; eventTypes: string[]; secretEncrypted: string };
  /**
   * An accounting business of someone else, that person (accounting stays personal), one of their sessions, passkeys
   * and notifications (each is the person's own: nobody else reads, renames, ends, removes or marks it).
   */
  bystander: { userId: string; businessId: string; sessionId: string; passkeyId: string; notificationId: string };
}

interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

/**
 * One route method's entry: what it needs, and what the call names.
 * - `workspace: "A"`: it names workspace A or one of A's resources: allowed only to members of A
 *   whose roles grant `permission`.
 * - `workspace: "active"`: it acts in the person's active workspace (connect a customer, refresh
 *   the service's reference lists): allowed to whoever's roles there grant `permission`.
 * - `open`: not workspace data (sign-in, health, the accounting proxy acting for the person's own
 *   accounting account, an invitation link whose secret decides); listed with the reason.
 */
type RouteEntry =
  | {
      workspace: "A" | "active";
      permission: Permission;
      call: (fixture: Fixture, companyId: string) => Call;
      restore?: (fixture: Fixture) => Promise<void>;
      client?: ClientReach;
    }
  | { open: string; run?: OpenRun };

/** An open route run as every person: the answer expected of each, and what of the bystander's its body must not hold. */
interface OpenRun {
  call: (fixture: Fixture) => Call;
  status: number;
  absent?: (fixture: Fixture) => string[];
}

/**
 * A route of workspace A that a client reaches for their own company only (`workspace_member_companies`).
 * - `call`: what a client sends instead of the entry's call (their action, e.g. `hand_in`).
 * - `refused`: a call the client may not make even for their own company (an action of the firm's).
 */
interface ClientReach {
  reach: string;
  call?: (fixture: Fixture, companyId: string) => Call;
  refused?: (fixture: Fixture, companyId: string) => Call;
}

/** The client's reach into the hours and payments grids of their own companies. */
const CLIENT_GRID: ClientReach = { reach: "the grid of the client's own company" };

const ROUTES: Record<string, RouteEntry> = {
  "accounting GET": {
    open: "the accounting proxy acts for the person's own accounting account (accounting stays personal)",
  },
  "accounting POST": { open: "the accounting proxy (personal)" },
  "accounting PUT": { open: "the accounting proxy (personal)" },
  "accounting PATCH": { open: "the accounting proxy (personal)" },
  "accounting DELETE": { open: "the accounting proxy (personal)" },
  // A business of someone else's list is refused before any call to the service.
  "trial-balance/period GET": {
    open: "a column of the person's own trial balance (accounting stays personal); the business is checked against their own list",
    run: { call: (f) => ({ query: `?business=${f.bystander.businessId}&from=2026-01-01&to=2026-01-31` }), status: 403 },
  },
  "auth/[...nextauth] GET": { open: "next-auth's sign-in" },
  "auth/[...nextauth] POST": { open: "next-auth's sign-in" },
  "health GET": { open: "the liveness probe (the process alone)" },
  "ready GET": { open: "the readiness probe (check outcomes, no workspace data)" },
  // The proxy bench's baseline: it exists only with BENCH_ROUTES=true (never in production), else 404 for everyone.
  "noop GET": { open: "benchmarks only (BENCH_ROUTES)", run: { call: () => ({}), status: 404 } },
  // Tests' controls over time: they exist only with TEST_CONTROLS=true (never in production), else 404 for everyone.
  "test/clock POST": { open: "tests only (TEST_CONTROLS)", run: { call: () => ({}), status: 404 } },
  "test/jobs/[name] POST": {
    open: "tests only (TEST_CONTROLS)",
    run: { call: () => ({ params: { name: "accounting-keepalive" } }), status: 404 },
  },
  "test/access-log POST": {
    open: "tests only (TEST_CONTROLS)",
    run: { call: () => ({ body: { flush: true } }), status: 404 },
  },
  // Their other methods are as absent (404, not 405) without TEST_CONTROLS.
  ...Object.fromEntries(
    ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"].flatMap((method) => [
      [`test/clock ${method}`, { open: "tests only (TEST_CONTROLS)", run: { call: () => ({}), status: 404 } }],
      [`test/access-log ${method}`, { open: "tests only (TEST_CONTROLS)", run: { call: () => ({}), status: 404 } }],
      [
        `test/jobs/[name] ${method}`,
        { open: "tests only (TEST_CONTROLS)", run: { call: () => ({ params: { name: "mail-outbox" } }), status: 404 } },
      ],
    ]),
  ),
  "trial-balance/export GET": {
    open: "the trial balance of one of the person's own accounting businesses (accounting stays personal); another's business is refused for everyone",
    run: {
      call: (f) => ({ query: `?format=pdf&from=2026-01-01&to=2026-01-31&business=${f.bystander.businessId}` }),
      status: 403,
    },
  },
  "mail/unsubscribe/[token] POST": {
    open: "the one-click unsubscribe (RFC 8058): its signed token decides, not a session; a forged one is refused alike for everyone",
    run: { call: () => ({ params: { token: "00000000-0000-4000-8000-000000000000.reminder.forged" } }), status: 404 },
  },
  // The statutory dates of a year in a Land: the same for everyone and nobody's data (issue #26).
  "deadlines GET": {
    open: "a year's statutory payroll deadlines in a Land: public, nobody's data",
    run: { call: () => ({ query: "?year=2026&state=NW" }), status: 200 },
  },
  // The feed's secret token decides, not a session; a token nobody holds is 404 for everyone.
  "calendar/[token] GET": {
    open: "the calendar feed: its secret link's token decides",
    run: { call: () => ({ params: { token: `${"A".repeat(43)}.ics` } }), status: 404 },
  },
  "deadlines/calendar-feed/reset POST": {
    open: "resets the signed-in person's own calendar link only",
    run: { call: () => ({}), status: 200 },
  },
  // E-mail sign-in and one's own sessions: no workspace's data; every query names the person.
  "sign-in/email POST": {
    open: "asking for a sign-in link (signed out): no workspace data, the same answer for every address; a bad address is refused alike",
    run: { call: () => ({ body: { email: "not-an-address" } }), status: 422 },
  },
  "sign-in/email/complete POST": {
    open: "opening a sign-in link: the link's secret and the browser's nonce decide; a malformed one is refused alike",
    run: { call: () => ({ body: { token: "not-a-link" } }), status: 404 },
  },
  "sessions GET": {
    open: "the person's own sessions only",
    run: { call: () => ({}), status: 200, absent: (f) => [f.bystander.sessionId] },
  },
  "sessions/[sessionId] DELETE": {
    open: "one of the person's own sessions: another person's is not found for everyone",
    run: { call: (f) => ({ params: { sessionId: f.bystander.sessionId } }), status: 404 },
  },
  // Passkeys: one's own only (every query names the person); signing in with one is signed out.
  "passkeys GET": {
    open: "the person's own passkeys only",
    run: { call: () => ({}), status: 200, absent: (f) => [f.bystander.passkeyId, "Bystander's"] },
  },
  "passkeys POST": {
    open: "adds a passkey to the person: the challenge is bound to their session; a malformed answer is refused alike",
    run: { call: () => ({ body: { name: "x", response: {} } }), status: 422 },
  },
  "passkeys/registration-options POST": {
    open: "options to add a passkey to the person (a challenge bound to their session); never another's passkeys to exclude",
    run: { call: () => ({}), status: 200, absent: (f) => [`matrix-${f.bystander.userId}`] },
  },
  "passkeys/[passkeyId] PATCH": {
    open: "one of the person's own passkeys: another person's is not found for everyone",
    run: { call: (f) => ({ params: { passkeyId: f.bystander.passkeyId }, body: { name: "Taken" } }), status: 404 },
  },
  "passkeys/[passkeyId] DELETE": {
    open: "one of the person's own passkeys: another person's is not found for everyone",
    run: { call: (f) => ({ params: { passkeyId: f.bystander.passkeyId } }), status: 404 },
  },
  "sign-in/passkey/options POST": {
    open: "options to sign in with a passkey (signed out): no workspace data, bound to the browser",
  },
  "sign-in/passkey POST": {
    open: "signing in with a passkey: the challenge and the passkey's signature decide; a malformed answer is refused alike",
    run: { call: () => ({ body: { response: {} } }), status: 422 },
  },
  "sessions/sign-out-others POST": {
    open: "the person's own other sessions (none here)",
    run: { call: () => ({}), status: 200 },
  },
  // Two ways in, linked (features/account-linking): the person's own sign-in e-mail and their own session's link only.
  "account/email POST": {
    open: "mails a code to add a sign-in e-mail to the person: no workspace data; a bad address is refused alike",
    run: { call: () => ({ body: { email: "not-an-address" } }), status: 422 },
  },
  "account/email/verify POST": {
    open: "checks the code of the person's own latest request only: without one, not found for everyone",
    run: { call: () => ({ body: { code: "123456" } }), status: 404 },
  },
  "account/links/[linkId]/confirm POST": {
    open: "a link waiting for the person's own session only: any other is not found for everyone",
    run: { call: () => ({ params: { linkId: randomUUID() } }), status: 404 },
  },
  "account/links/[linkId]/cancel POST": {
    open: "a link waiting for the person's own session only: any other is not found for everyone",
    run: { call: () => ({ params: { linkId: randomUUID() } }), status: 404 },
  },
  // Confirming one's own session for what matters (recent sign-in): every query names the session and the person.
  "sessions/confirm GET": {
    open: "how the person's own session may be confirmed",
    run: { call: () => ({}), status: 200 },
  },
  "sessions/confirm/passkey/options POST": {
    open: "options to confirm with the person's own passkeys (a challenge bound to their session); without a passkey refused alike",
    run: { call: () => ({}), status: 409 },
  },
  "sessions/confirm/passkey POST": {
    open: "confirms the person's own session: the challenge (bound to that session) and the passkey's signature decide; a malformed answer is refused alike",
    run: { call: () => ({ body: { response: {} } }), status: 422 },
  },
  "sessions/confirm/email-code POST": { open: "mails a code to the person's own address for their own session" },
  "sessions/confirm/email-code/verify POST": {
    open: "confirms the person's own session with its code; with no open code refused alike",
    run: { call: () => ({ body: { code: "123456" } }), status: 410 },
  },
  // A person's own notifications: every query carries their id (features/notifications/server/inbox.ts); someone else's is
  // not found (features/notifications/server/inbox.test.ts).
  "notifications GET": {
    open: "the person's own notifications, whatever their roles",
    run: { call: () => ({}), status: 200, absent: (f) => [f.bystander.notificationId] },
  },
  "notifications/[notificationId]/read POST": {
    open: "one of the person's own notifications; anyone else's is not found",
    run: { call: (f) => ({ params: { notificationId: f.bystander.notificationId } }), status: 404 },
  },
  // Marks the person's own only: the bystander's stays unread (checked after the run).
  "notifications/read-all POST": { open: "the person's own notifications", run: { call: () => ({}), status: 200 } },
  "notifications/stream GET": { open: "the person's own unread count as server-sent events" },
  "notifications/preferences GET": { open: "the person's own choices", run: { call: () => ({}), status: 200 } },
  "notifications/preferences PUT": { open: "the person's own choices" },
  "invitations/accept POST": {
    open: "an invitation link's secret decides, not a role; a malformed one is refused alike for everyone",
    run: { call: () => ({ body: { token: "not-a-link" } }), status: 404 },
  },

  "payroll/connection POST": {
    workspace: "active",
    permission: "payroll.manage",
    call: () => ({ body: { apiKey: "pk_wrong" } }),
  },
  "payroll/connection PUT": {
    workspace: "A",
    permission: "payroll.read",
    call: (f) => ({ body: { connectionId: f.connectionA } }),
  },
  "payroll/connection DELETE": {
    workspace: "A",
    permission: "payroll.manage",
    call: (f) => ({ query: `?id=${f.keptA}` }),
  },
  "payroll/data DELETE": {
    workspace: "A",
    permission: "payroll.manage",
    call: (f) => ({ query: `?id=${f.keptA}` }),
    restore: async (f) => {
      await f.db.payrollConnection.upsert({
        where: { id: f.keptA },
        create: {
          id: f.keptA,
          workspaceId: f.workspaceA,
          baseUrl: f.baseUrl,
          username: "Dr. Aylin Demir",
          disconnectedAt: new Date(),
        },
        update: {},
      });
    },
  },
  "payroll/reference-lists POST": { workspace: "active", permission: "payroll.read", call: () => ({}) },
  "payroll/companies/[companyId]/employees GET": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({ params: { companyId: "1001" } }),
  },
  "payroll/companies/[companyId]/employees POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" }, body: {} }),
  },
  "payroll/companies/[companyId]/employees/draft PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" }, body: { first_name: "Matrix" } }),
  },
  "payroll/companies/[companyId]/employees/draft DELETE": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" } }),
  },
  "month-close/[companyId]/check-settings PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" }, body: { federalState: "BY", monthlyHoursLimit: "208" } }),
  },
  "month-close/[companyId]/employees/[employeeId]/check-settings PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({
      params: { companyId: "1001", employeeId: "1" },
      body: { payCapKind: "minijob", payCapAmount: "", monthlyHoursLimit: "" },
    }),
  },
  "payroll/companies/[companyId]/imports POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" }, body: {} }),
  },
  "payroll/imports/[importId] GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (f) => ({ params: { importId: f.importA } }),
  },
  "payroll/imports/[importId] POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: (f) => ({ params: { importId: f.importA }, body: { action: "pause" } }),
  },
  "payroll/companies/[companyId]/entries/[kind]/draft GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (_f, companyId) => ({ params: { companyId, kind: "hours" } }),
    client: CLIENT_GRID,
  },
  // A period that is not the company's: an allowed call stops at 409 `period_changed`, nothing stored or sent.
  "payroll/companies/[companyId]/entries/[kind]/draft PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: (_f, companyId) => ({ params: { companyId, kind: "payments" }, body: { period: "2000-01", lines: [] } }),
    client: CLIENT_GRID,
  },
  // Without its query an allowed call stops at 422 (no stream is opened).
  "payroll/companies/[companyId]/entries/[kind]/stream GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (_f, companyId) => ({ params: { companyId, kind: "hours" } }),
    client: CLIENT_GRID,
  },
  "payroll/companies/[companyId]/entries/[kind]/presence POST": {
    workspace: "A",
    permission: "payroll.read",
    call: (_f, companyId) => ({
      params: { companyId, kind: "hours" },
      body: { period: "2000-01", client: "matrix-client", line: null },
    }),
    client: CLIENT_GRID,
  },
  // An empty file: an allowed call stops at 422 `invalid` (reason `empty`), nothing read or stored.
  // The file import fills the grid: a client imports the spreadsheet they used to send into their own company's grid.
  "payroll/companies/[companyId]/entries/[kind]/file-import POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: (_f, companyId) => ({ params: { companyId, kind: "hours" }, body: { fileName: "empty.csv", content: "" } }),
    client: CLIENT_GRID,
  },
  // A period that is not the company's: an allowed call stops at 409 `period_changed`, nothing checked or stored.
  "month-close/[companyId]/[kind]/import-checks POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: (_f, companyId) => ({
      params: { companyId, kind: "hours" },
      body: { period: "2000-01", lines: [], added: [] },
    }),
    client: CLIENT_GRID,
  },
  "payroll/companies/[companyId]/entries/[kind]/file-import/mapping PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: (_f, companyId) => ({ params: { companyId, kind: "hours" }, body: { mapping: { stunden: "total_hours" } } }),
    client: CLIENT_GRID,
  },
  // The active workspace's entries, for every member of it.
  "audit/export GET": { workspace: "active", permission: "workspace.read", call: () => ({}) },
  // The active workspace's chain recomputed: whoever may read the trail (issue #38 §2).
  "audit/verify GET": { workspace: "active", permission: "workspace.read", call: () => ({}) },
  // The month's status and checks: a client reads them for their own company (the `Checks` region of the grid).
  "month-close/[companyId] GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (_f, companyId) => ({ params: { companyId } }),
    client: { reach: "the month status and checks of the client's own company" },
  },
  // The sealed versions of the company's months (features/month-close/sealing): whoever reads the month reads them,
  // a client those of their own company, as the month page shows them.
  "month-close/[companyId]/versions GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (_f, companyId) => ({ params: { companyId } }),
    client: { reach: "the sealed versions of the client's own company's months" },
  },
  // Every member reaches the month; each action's own roles are checked by the service (features/month-close/states.ts,
  // tested in service.test.ts). A period that is not the company's: an allowed call stops at 409 `period_changed`.
  // A client hands in their own company's month and may take no step of the firm's (submit, approve, reopen, transfer).
  // Submit is a step of those who prepare the month (payroll.edit): a person whose roles never take the step is
  // refused before the month is read (features/month-close/server/handlers.ts); an allowed call stops at 409 `period_changed`.
  "month-close/[companyId] POST": {
    workspace: "A",
    permission: "payroll.edit",
    call: (_f, companyId) => ({ params: { companyId }, body: { action: "submit", period: "2000-01" } }),
    client: {
      reach: "handing in the month of the client's own company",
      call: (_f, companyId) => ({ params: { companyId }, body: { action: "hand_in", period: "2000-01" } }),
      refused: (_f, companyId) => ({ params: { companyId }, body: { action: "submit", period: "2000-01" } }),
    },
  },
  // Every member reaches the month; acknowledging is for those who prepare or approve it (payroll.edit or
  // payroll.approve, checked by features/month-close/server/acknowledgements.ts, tested in acknowledgements.test.ts).
  // A period that is not the company's: an allowed call stops at 409 `period_changed`, nothing stored.
  // Not a client's: acknowledging a warning ("checked, correct this month") is the firm's judgement before it submits;
  // the client sees the checks (`month-close/[companyId]` GET) and hands the month in, the firm's clerk reviews and acknowledges.
  "month-close/[companyId]/acknowledgements POST": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({
      params: { companyId: "1001" },
      body: { period: "2000-01", warningIds: ["noLines|1|||"], comment: "checked" },
    }),
  },
  "workspaces/[workspaceId]/reminders PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { days: [3, 1] } }),
    restore: async (f) => {
      await f.db.reminderSettings.deleteMany({ where: { workspaceId: f.workspaceA } });
    },
  },
  // The retention (never below the law, features/records) and a company's last social insurance audit: owners only.
  "workspaces/[workspaceId]/records/retention PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      body: { years: { wage_account: 7, social_insurance_audit: 1, booking_vouchers: 8, books_and_audit_trail: 10 } },
    }),
    restore: async (f) => {
      await f.db.retentionSetting.deleteMany({ where: { workspaceId: f.workspaceA } });
    },
  },
  "workspaces/[workspaceId]/records/social-audits PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      body: { companyId: Number(f.clientCompanyA), lastAuditOn: "2025-06-30" },
    }),
    restore: async (f) => {
      await f.db.companySocialInsuranceAudit.deleteMany({ where: { workspaceId: f.workspaceA } });
    },
  },
  // The exports the law asks for (features/record-exports): owners only; clients never. The tax audit's names
  // workspace A (another workspace's owner: 404); the personal data's a company of A's connection (`payroll.manage`).
  "workspaces/[workspaceId]/records/tax-audit-export GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      query: `?companyId=${f.clientCompanyA}&from=2026-01&to=2026-02`,
    }),
  },
  // The procedure documentation holds settings and counts, no person's data: the firm's members (not clients).
  "workspaces/[workspaceId]/records/procedure-documentation GET": {
    workspace: "A",
    permission: "workspace.read",
    call: (f) => ({ params: { workspaceId: f.workspaceA } }),
  },
  "payroll/companies/[companyId]/employees/[employeeId]/personal-data GET": {
    workspace: "A",
    permission: "payroll.manage",
    call: () => ({ params: { companyId: "1001", employeeId: "1" } }),
  },
  // An employee's erasure request (features/records/erasure): owners only; the company must be the workspace's.
  "workspaces/[workspaceId]/records/erasure-requests POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      body: { companyId: Number(f.clientCompanyA), employeeId: 1 },
    }),
    restore: async (f) => {
      await f.db.erasureRequest.deleteMany({ where: { workspaceId: f.workspaceA } });
    },
  },
  // The firm overview reads the person's active workspace only (its query joins their membership): every member.
  "overview GET": { workspace: "active", permission: "payroll.read", call: () => ({ query: "?show=mine" }) },
  "overview/health GET": { workspace: "active", permission: "payroll.read", call: () => ({}) },
  // Queues refreshes of the active workspace's connections only; another's id queues nothing (202 with 0).
  "overview/refresh POST": {
    workspace: "active",
    permission: "payroll.read",
    call: () => ({ body: { connectionId: "00000000-0000-4000-8000-000000000000" } }),
  },
  // Bulk actions act in the active workspace and answer per item: a company of another workspace is
  // refused as `unknown_company` in the answer (features/overview/server/overview.test.ts); a person without
  // the role is refused as a whole.
  "overview/assignments POST": {
    workspace: "active",
    permission: "payroll.edit",
    call: (f) => ({
      body: { companies: [{ connectionId: f.connectionA, companyId: 1001 }], userIds: [], mode: "replace" },
    }),
  },
  // A period that is not the company's: an allowed call answers the month `period_changed`, nothing approved.
  "overview/approvals POST": {
    workspace: "active",
    permission: "payroll.approve",
    call: (f) => ({ body: { months: [{ connectionId: f.connectionA, companyId: 1001, period: "2000-01" }] } }),
  },
  "workspaces/[workspaceId]/passkey-requirement PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { required: true } }),
    restore: async (f) => {
      await f.db.workspace.update({ where: { id: f.workspaceA }, data: { requirePasskey: false } });
    },
  },
  // DATEV (features/datev): reading is every member's; a month that is not Approved is 409 for every member
  // (as the month close's POST), the Transfer step's roles are checked after it (features/datev/server/handlers.ts).
  "payroll/companies/[companyId]/datev POST": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({ params: { companyId: "1001" }, query: "?month=2000-01" }),
  },
  // No export of that month: an allowed call answers 409 `conflict`.
  "payroll/companies/[companyId]/datev GET": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({ params: { companyId: "1001" }, query: "?month=2000-01" }),
  },
  "payroll/companies/[companyId]/datev/preview GET": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({ params: { companyId: "1001" }, query: "?month=2000-01" }),
  },
  "payroll/companies/[companyId]/datev/settings GET": {
    workspace: "A",
    permission: "payroll.read",
    call: () => ({ params: { companyId: "1001" } }),
  },
  "payroll/companies/[companyId]/datev/settings PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({
      params: { companyId: "1001" },
      body: { consultantNumber: "", clientNumber: "", program: "lodas", target: "payroll_service", wageTypes: [] },
    }),
    restore: async (f) => {
      await f.db.datevCompanySettings.deleteMany({ where: { connectionId: f.connectionA } });
    },
  },
  "payroll/companies/[companyId]/datev/employees/[employeeId] PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001", employeeId: "1" }, body: { personnelNumber: "" } }),
  },
  // The bulk export (features/datev/bulk): started in the person's active workspace by the month's last step's
  // roles (its job then reaches only that workspace's connections: A's month named here is refused by B's run);
  // a run is read, and its ZIP downloaded, by the firm members of its own workspace only (404 for B's).
  "datev/bulk-exports POST": {
    workspace: "active",
    permission: "payroll.transfer",
    call: (f) => ({
      body: {
        requestKey: "matrix-bulk-export",
        months: [{ connectionId: f.connectionA, companyId: 1001, period: "2000-01" }],
      },
    }),
  },
  "datev/bulk-exports/[bulkExportId] GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (f) => ({ params: { bulkExportId: f.bulkExportA } }),
  },
  "datev/bulk-exports/[bulkExportId]/zip GET": {
    workspace: "A",
    permission: "payroll.read",
    call: (f) => ({ params: { bulkExportId: f.bulkExportA } }),
  },
  "workspaces/[workspaceId]/datev-wage-types PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { wageTypes: [] } }),
  },
  "workspaces/[workspaceId]/four-eyes PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { enabled: false } }),
    restore: async (f) => {
      await f.db.workspace.update({ where: { id: f.workspaceA }, data: { fourEyes: null } });
    },
  },

  "workspaces/[workspaceId]/cut-off PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { cutOffKind: "day_of_month", cutOffNumber: "12" } }),
    restore: async (f) => {
      await f.db.$executeRaw`UPDATE workspaces SET cut_off_rule = NULL WHERE id = ${f.workspaceA}::uuid`;
    },
  },
  "deadlines/companies/[companyId]/settings PUT": {
    workspace: "A",
    permission: "payroll.edit",
    call: () => ({ params: { companyId: "1001" }, body: { land: "NI", cutOffKind: "workspace", cutOffNumber: "" } }),
  },

  "workspaces/[workspaceId] PATCH": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { name: "Renamed by the matrix" } }),
    restore: async (f) => {
      await f.db.workspace.update({ where: { id: f.workspaceA }, data: { name: "Firm A" } });
    },
  },
  "workspaces/[workspaceId]/members GET": {
    workspace: "A",
    permission: "workspace.read",
    call: (f) => ({ params: { workspaceId: f.workspaceA } }),
  },
  "workspaces/[workspaceId]/members/[userId] PATCH": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, userId: f.memberA }, body: { roles: ["clerk"] } }),
  },
  // A client's companies (the target, a clerk, has none: an owner is answered 422, nobody else gets that far).
  "workspaces/[workspaceId]/members/[userId]/companies PUT": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA, userId: f.memberA },
      body: { companies: [{ connectionId: f.connectionA, companyId: 1001 }] },
    }),
  },
  "workspaces/[workspaceId]/members/[userId] DELETE": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, userId: f.memberA } }),
    restore: async (f) => {
      await f.db.workspaceMember.upsert({
        where: { workspaceId_userId: { workspaceId: f.workspaceA, userId: f.memberA } },
        create: { workspaceId: f.workspaceA, userId: f.memberA, roles: ["clerk"] },
        update: {},
      });
    },
  },
  // Former members (docs/erasure.md "Staff"): owners only; the target still works in B, so an owner's erasure stops at 409.
  "workspaces/[workspaceId]/former-members GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA } }),
  },
  "workspaces/[workspaceId]/former-members/[userId]/erasure POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, userId: f.formerA } }),
  },
  "workspaces/[workspaceId]/invitations GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA } }),
  },
  "workspaces/[workspaceId]/invitations POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA }, body: { roles: ["viewer"] } }),
  },
  "workspaces/[workspaceId]/invitations/[invitationId] DELETE": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, invitationId: f.invitationA.id } }),
    restore: async (f) => {
      await f.db.workspaceInvitation.update({ where: { id: f.invitationA.id }, data: { revokedAt: null } });
    },
  },
  // Without SMTP_URL an allowed call stops at 409 `mail_not_configured`.
  "workspaces/[workspaceId]/invitations/email POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      body: { token: f.invitationA.token, email: "someone@example.com" },
    }),
  },
  "workspaces/[workspaceId]/webhooks GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA } }),
  },
  // A public IP literal: registration checks it without asking a resolver.
  "workspaces/[workspaceId]/webhooks POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA },
      body: { url: "https://93.184.216.34/hooks", eventTypes: ["month.approved"] },
    }),
    restore: async (f) => {
      await f.db.webhookEndpoint.deleteMany({ where: { workspaceId: f.workspaceA, id: { not: f.webhookA.id } } });
    },
  },
  "workspaces/[workspaceId]/webhooks/[endpointId] PATCH": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({
      params: { workspaceId: f.workspaceA, endpointId: f.webhookA.id },
      body: { description: "Changed by the matrix" },
    }),
  },
  "workspaces/[workspaceId]/webhooks/[endpointId] DELETE": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, endpointId: f.webhookA.id } }),
    restore: async (f) => {
      await f.db.webhookEndpoint.create({ data: f.webhookA });
    },
  },
  "workspaces/[workspaceId]/webhooks/[endpointId]/secret GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, endpointId: f.webhookA.id } }),
  },
  "workspaces/[workspaceId]/webhooks/[endpointId]/secret POST": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, endpointId: f.webhookA.id } }),
  },
  "workspaces/[workspaceId]/webhooks/[endpointId]/deliveries GET": {
    workspace: "A",
    permission: "workspace.manage",
    call: (f) => ({ params: { workspaceId: f.workspaceA, endpointId: f.webhookA.id } }),
  },
};

/** Server actions: what each may do for whom, checked by running it as every person. */
type ActionEntry = {
  run: (action: (...args: unknown[]) => Promise<unknown>, fixture: Fixture, person: Person) => Promise<void>;
};

const ACTIONS: Record<string, ActionEntry> = {
  // The switcher stores only a workspace the person is a member of.
  "features/workspaces/server/actions.ts chooseWorkspaceAction": {
    run: async (action, f, person) => {
      expect(await action({ workspaceId: f.workspaceA })).toEqual({ ok: person.workspace === "A" });
      const user = await f.db.user.findUniqueOrThrow({ where: { id: person.id }, select: { activeWorkspaceId: true } });
      expect(user.activeWorkspaceId).toBe(person.workspace === "A" ? f.workspaceA : f.workspaceB);
    },
  },
  // Accounting stays personal: a business of someone else's list is never stored.
  "features/accounting/actions/server/business.ts chooseBusinessAction": {
    run: async (action, f) => {
      expect(await action({ businessId: f.bystander.businessId })).toEqual({ ok: false });
    },
  },
  // A business's financial year and ledger accounts: only for whoever reaches the business (nobody here reaches the bystander's).
  "features/trial-balance/pack/server/actions.ts setFinancialYearAction": {
    run: async (action, f) => {
      expect(await action({ businessId: f.bystander.businessId, month: 4 })).toEqual({ ok: false });
      expect(await f.db.accountingBusinessSettings.count({ where: { businessId: f.bystander.businessId } })).toBe(0);
    },
  },
  "features/trial-balance/pack/server/actions.ts refreshLedgerAccountsAction": {
    run: async (action, f) => {
      expect(await action({ businessId: f.bystander.businessId })).toEqual({ ok: false });
      expect(await f.db.ledgerAccountCache.count({ where: { businessId: f.bystander.businessId } })).toBe(0);
    },
  },
  // Acts on the person's own accounting connection only (they have none here): someone else's stays.
  "features/accounting/actions/server/connection.ts disconnectAction": {
    run: async (action, f) => {
      await action({});
      expect(await f.db.accountingConnection.count({ where: { userId: f.bystander.userId } })).toBe(1);
    },
  },
  "features/accounting/actions/server/connection.ts checkLegacyAction": {
    run: async (action) => {
      expect(await action()).toMatchObject({ ok: false });
    },
  },
};

type Db = ReturnType<typeof getDbType>;

/**
 * The file's world, made once: two firms with a person of each role (each with a session), A's
 * payroll connection and a kept one, an import, an invitation, a member to act on and a bystander
 * with an accounting business of their own. The mocked session is cleared after the file.
 */
const it = test.extend("matrix", { scope: "file" }, async ({ db }, { onCleanup }) => {
  onCleanup(() => {
    session.current = null;
  });
  const people: Person[] = [];

  const { createSession } = await import("@/lib/auth/server/session-store");
  const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
  const { createInvitation } = await import("@/features/workspaces/server/invitations");
  const run = randomUUID().slice(0, 8);
  const newUser = (name: string) =>
    db.user.create({ data: { accountingUserId: `matrix-${run}-${name}`, displayName: name }, select: { id: true } });
  const workspaceA = (await db.workspace.create({ data: { name: `Firm A ${run}` } })).id;
  const workspaceB = (await db.workspace.create({ data: { name: `Firm B ${run}` } })).id;
  for (const workspace of ["A", "B"] as const) {
    for (const role of ROLES) {
      const user = await newUser(`${workspace}-${role}`);
      const workspaceId = workspace === "A" ? workspaceA : workspaceB;
      await db.workspaceMember.create({ data: { workspaceId, userId: user.id, roles: [role] } });
      await db.user.update({ where: { id: user.id }, data: { activeWorkspaceId: workspaceId } });
      people.push({ id: user.id, sessionId: await createSession(user.id), workspace, role });
    }
  }
  const ownerOf = (workspace: "A" | "B") =>
    people.find((person) => person.workspace === workspace && person.role === "owner")!;
  const memberA = (await newUser("A-member")).id;
  await db.workspaceMember.create({ data: { workspaceId: workspaceA, userId: memberA, roles: ["clerk"] } });
  const formerA = (await newUser("A-former")).id;
  await db.workspaceMember.create({ data: { workspaceId: workspaceB, userId: formerA, roles: ["viewer"] } });
  await db.auditEntry.create({
    data: {
      workspaceId: workspaceA,
      actorId: formerA,
      kind: "member.left",
      subjectId: formerA,
      details: { roles: [] },
    },
  });
  const connectionA = await connectPayroll(
    { userId: ownerOf("A").id, workspaceId: workspaceA },
    { apiKey: SABINE },
    null,
  );
  const connectionB = await connectPayroll(
    { userId: ownerOf("B").id, workspaceId: workspaceB },
    { apiKey: THOMAS },
    null,
  );
  // Each client's own company: 1001 of A's connection for the client of A (1002, also A's, is not theirs); for the
  // client of B, a company of B's connection (B's reach, never A's).
  for (const [workspace, workspaceId, connectionId, companyId] of [
    ["A", workspaceA, connectionA.id, CLIENT_COMPANY_A],
    ["B", workspaceB, connectionB.id, CLIENT_COMPANY_B],
  ] as const) {
    const client = people.find((person) => person.workspace === workspace && person.role === "client")!;
    await db.workspaceMemberCompany.create({ data: { workspaceId, userId: client.id, connectionId, companyId } });
    client.company = String(companyId);
  }
  const keptA = (
    await db.payrollConnection.create({
      data: {
        workspaceId: workspaceA,
        baseUrl: connectionA.baseUrl,
        username: "Dr. Aylin Demir",
        disconnectedAt: new Date(),
      },
    })
  ).id;
  const importA = (
    await db.payrollImport.create({
      data: { connectionId: connectionA.id, companyId: 1001, status: "completed", total: 0 },
    })
  ).id;
  const created = await createInvitation(ownerOf("A").id, workspaceA, ["viewer"]);
  const bystander = await newUser("bystander");
  await db.accountingBusiness.create({
    data: { userId: bystander.id, businessId: `biz-${run}`, name: "Not yours", isOwner: true, isLead: true },
  });
  await db.accountingConnection.create({ data: { userId: bystander.id, scopes: "full_access" } });
  const { sealEndpointSecret } = await import("@/features/webhooks/server/endpoint-secrets");
  const webhookId = randomUUID();
  const webhookA = {
    id: webhookId,
    workspaceId: workspaceA,
    url: "https://93.184.216.34/matrix",
    eventTypes: ["month.approved"],
    // Paused: the matrix's month steps enqueue nothing for it (other files' workers would send it).
    enabled: false,
    secretEncrypted: sealEndpointSecret(
      webhookId,
      "secret_encrypted",
      "whsec_bWF0cml4LW1hdHJpeC1tYXRyaXgtbWF0cml4LTEy",
    ),
  };
  await db.webhookEndpoint.create({ data: webhookA });
  const bulkExportA = await db.datevBulkExport.create({
    data: {
      workspaceId: workspaceA,
      userId: ownerOf("A").id,
      userName: "Owner of A",
      requestKey: `matrix-${run}`,
      state: "done",
      months: [],
      zip: new Uint8Array([80, 75, 5, 6, ...new Array<number>(18).fill(0)]),
      zipSha256: "0".repeat(64),
      finishedAt: new Date(),
    },
    select: { id: true },
  });
  const world: Fixture = {
    webhookA,
    bulkExportA: bulkExportA.id,
    db,
    workspaceA,
    workspaceB,
    connectionA: connectionA.id,
    clientCompanyA: String(CLIENT_COMPANY_A),
    otherCompanyA: String(OTHER_COMPANY_A),
    keptA,
    baseUrl: connectionA.baseUrl,
    importA,
    invitationA: { id: created.invitation.id, token: created.token },
    memberA,
    formerA,
    bystander: {
      userId: bystander.id,
      businessId: `biz-${run}`,
      sessionId: await createSession(bystander.id),
      passkeyId: (
        await db.passkey.create({
          data: {
            userId: bystander.id,
            credentialId: `matrix-${bystander.id}`,
            publicKey: Buffer.from([1]),
            name: "Bystander's",
          },
          select: { id: true },
        })
      ).id,
      notificationId: (
        await db.notification.create({
          data: {
            userId: bystander.id,
            workspaceId: workspaceA,
            kind: "month_submitted",
            dedupeKey: `matrix-${run}`,
            link: "/payroll/companies/1001/hours",
          },
          select: { id: true },
        })
      ).id,
    },
  };
  return { world, people };
});

/** Every `app/api/**\/route.ts` as "<path below app/api> <METHOD>", with its handler. */
async function discoverRoutes(): Promise<
  Map<string, (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>>
> {
  const base = path.join(ROOT, "app/api");
  const found = new Map<
    string,
    (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>
  >();
  const files = (readdirSync(base, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
  for (const file of files) {
    const route = path.dirname(file).split(path.sep).join("/");
    const exported = (await import(path.join(base, file))) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof exported[method] === "function") found.set(`${route} ${method}`, exported[method] as never);
    }
  }
  return found;
}

/** Every exported function of every "use server" file under app/, lib/, components/ and features/. */
async function discoverActions(): Promise<Map<string, (...args: unknown[]) => Promise<unknown>>> {
  const found = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  for (const top of ["app", "lib", "components", "features"]) {
    const files = (readdirSync(path.join(ROOT, top), { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes("generated") && !/\.test\.tsx?$/.test(file),
    );
    for (const file of files.sort()) {
      const full = path.join(ROOT, top, file);
      if (!/^\s*["']use server["']/m.test(readFileSync(full, "utf8").slice(0, 400))) continue;
      const exported = (await import(full)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if (typeof value === "function") found.set(`${top}/${file.split(path.sep).join("/")} ${name}`, value as never);
      }
    }
  }
  return found;
}

function requestFor(route: string, method: string, call: Call): NextRequest {
  const url = `http://localhost:3999/api/${route}${call.query ?? ""}`;
  const hasBody = call.body !== undefined;
  return new NextRequest(url, {
    method,
    headers: hasBody ? { "content-type": "application/json" } : {},
    body: hasBody ? JSON.stringify(call.body) : undefined,
  });
}

type WorkspaceEntry = Extract<RouteEntry, { workspace: unknown }>;

/** One call of a route as one person, and whether it must get past authorization. */
interface PlannedCall {
  call: Call;
  allowed: boolean;
  /** What the call names, for the failure list. */
  label: string;
}

/**
 * The calls a person makes to a route of workspace A or of the active one. The firm's roles name the client of A's
 * company (`clientCompanyA`); a client reaches only routes whose entry says so, and then only their own company: they
 * call with it and with `otherCompanyA` (and, if the entry says so, with a step of the firm's that stays refused).
 */
function plannedCalls(entry: WorkspaceEntry, person: Person, world: Fixture): PlannedCall[] {
  const member = entry.workspace === "active" || person.workspace === "A";
  if (person.role !== "client") {
    return [
      {
        call: entry.call(world, world.clientCompanyA),
        allowed: member && can([person.role], entry.permission),
        label: "",
      },
    ];
  }
  const reach = entry.client;
  if (!reach) return [{ call: entry.call(world, world.clientCompanyA), allowed: false, label: "" }];
  const clientCall = reach.call ?? entry.call;
  const planned = [world.clientCompanyA, world.otherCompanyA].map((companyId) => ({
    call: clientCall(world, companyId),
    allowed: entry.workspace === "A" && person.workspace === "A" && companyId === person.company,
    label: ` company ${companyId}`,
  }));
  if (reach.refused)
    planned.push({
      call: reach.refused(world, world.clientCompanyA),
      allowed: false,
      label: " (a step of the firm's)",
    });
  return planned;
}

describe("the authorization matrix", () => {
  it("has an entry for every route and every server action", async () => {
    const routes = [...(await discoverRoutes()).keys()];
    expect(
      routes.filter((key) => !(key in ROUTES)),
      "routes without a matrix entry",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((key) => !routes.includes(key)),
      "entries of routes that are gone",
    ).toEqual([]);
    const actions = [...(await discoverActions()).keys()];
    expect(
      actions.filter((key) => !(key in ACTIONS)),
      "server actions without a matrix entry",
    ).toEqual([]);
    expect(
      Object.keys(ACTIONS).filter((key) => !actions.includes(key)),
      "entries of actions that are gone",
    ).toEqual([]);
  });

  it("2 workspaces × 5 roles × every route: nothing wrongly allowed, every refusal a 403 or 404 in the envelope", async ({
    matrix: { world, people },
  }) => {
    const handlers = await discoverRoutes();
    const wronglyAllowed: string[] = [];
    const badRefusals: string[] = [];
    const wronglyRefused: string[] = [];
    let calls = 0;
    for (const [key, handler] of handlers) {
      const entry = ROUTES[key];
      if (!entry || ("open" in entry && !entry.run)) continue;
      const [route, method] = key.split(" ") as [string, string];
      // What the clerk of A got: a client's allowed call must get past authorization to the same answer.
      let clerkStatus: number | undefined;
      for (const person of people) {
        session.current = { sessionId: person.sessionId, userId: person.id };
        const planned: PlannedCall[] =
          "open" in entry
            ? [{ call: entry.run!.call(world), allowed: true, label: "" }]
            : plannedCalls(entry, person, world);
        for (const { call, allowed, label } of planned) {
          const response = await handler(requestFor(route, method, call), {
            params: Promise.resolve(call.params ?? {}),
          });
          calls += 1;
          const body = (await response.json().catch(() => null)) as {
            ok?: boolean;
            error?: { code?: string; message?: string };
          } | null;
          const who = `${key} as ${person.role} of ${person.workspace}${label}: ${response.status} ${body?.error?.code ?? ""}`;
          if ("open" in entry) {
            if (response.status !== entry.run!.status) badRefusals.push(who);
            const leaked = (entry.run!.absent?.(world) ?? []).filter((secret) => JSON.stringify(body).includes(secret));
            if (leaked.length) wronglyAllowed.push(`${who} shows the bystander's ${leaked.join(", ")}`);
            continue;
          }
          // Both workspaces have a payroll connection: `not_connected` means the person's query found none they reach.
          const refused =
            response.status === 403 ||
            response.status === 404 ||
            response.status === 401 ||
            (response.status === 409 && body?.error?.code === "not_connected");
          if (person.role === "clerk" && person.workspace === "A") clerkStatus = response.status;
          if (refused) {
            if (
              response.status === 401 ||
              response.status === 409 ||
              body?.ok !== false ||
              typeof body.error?.code !== "string" ||
              typeof body.error.message !== "string"
            )
              badRefusals.push(who);
            if (allowed) wronglyRefused.push(who);
          } else if (!allowed) {
            // Any other answer means the call got past authorization.
            wronglyAllowed.push(who);
          } else if (response.status >= 500) {
            badRefusals.push(who);
          } else if (person.role === "client" && response.status !== clerkStatus) {
            // Stopped elsewhere than the clerk's call (e.g. a body the route does not know yet): not shown to pass.
            wronglyRefused.push(`${who} (the clerk of A: ${clerkStatus})`);
          }
          if (!refused) await entry.restore?.(world);
        }
      }
    }
    session.current = null;
    // One comparison, so that a failure lists all three kinds at once.
    expect(
      { wronglyAllowed, badRefusals, wronglyRefused },
      "wrongly allowed; refusals not a 403 or 404 in the envelope; wrongly refused",
    ).toEqual({ wronglyAllowed: [], badRefusals: [], wronglyRefused: [] });
    expect(calls).toBeGreaterThanOrEqual(10 * 20);
    // Nobody renamed, removed or marked the bystander's passkey or notification, or ended their session.
    const { db, bystander } = world;
    expect(await db.passkey.findUnique({ where: { id: bystander.passkeyId }, select: { name: true } })).toEqual({
      name: "Bystander's",
    });
    expect(
      await db.notification.findUnique({ where: { id: bystander.notificationId }, select: { readAt: true } }),
    ).toEqual({
      readAt: null,
    });
    expect(await db.session.count({ where: { id: bystander.sessionId } })).toBe(1);
  }, 240_000);

  it("2 workspaces × 5 roles × every server action", async ({ matrix: { world, people } }) => {
    const actions = await discoverActions();
    for (const [key, action] of actions) {
      for (const person of people) {
        session.current = { sessionId: person.sessionId, userId: person.id };
        await ACTIONS[key]!.run(action, world, person);
      }
    }
    session.current = null;
  }, 120_000);
});
