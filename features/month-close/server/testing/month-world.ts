import { test } from "@/features/accounting/testing/fixtures";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { CheckContext } from "../../gate";
import type { TransferJobData } from "../transfer-job-data";
import type { MonthActor, MonthStep } from "../audit";
import type { TransferJobDeps } from "../transfer-job";

// The month close's tests (service, transfer, acknowledgements .test.ts) against an in-process
// sandbox and the suite's Postgres: one workspace of four people with its payroll connection per
// file, and each test starting from the same month with the same drafts.

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
export const COMPANY = 1001;

/** What a test file records instead of writing (its `vi.mock`s of ./audit and ./jobs), emptied before each test. */
interface Recorders {
  /** The audit trail's entries. */
  steps: MonthStep[];
  /** The re-read job's wake-ups (a pg-boss job each); tests run the reads themselves after moving the clock. */
  wakes: Date[];
}

/** The file's workspace: its connection to the payroll module, its people and the month each test works on. */
export interface MonthWorld {
  connectionId: string;
  client: PayrollClient;
  company: CompanyRecord;
  workspaceId: string;
  /** The checks' context (gate.ts): the employees who have lines, nothing else to warn about. */
  context: CheckContext;
  clerk: MonthActor;
  approver: MonthActor;
  owner: MonthActor;
  viewer: MonthActor;
  /** The month of every test: the period is real (the drafts' key), the connection the file's own. */
  key: MonthKey;
}

/** ./audit as the files mock it: `vi.mock("./audit", () => recordingAudit(steps))`. */
export function recordingAudit(steps: MonthStep[]) {
  return {
    auditMonthStep: (_tx: unknown, step: MonthStep) => {
      steps.push(step);
      return Promise.resolve();
    },
    auditAcknowledgements: (_tx: unknown, acknowledged: MonthStep[]) => {
      steps.push(...acknowledged);
      return Promise.resolve();
    },
  };
}

/** ./jobs as the files mock it: `vi.mock("./jobs", () => recordingWakes(wakes))`. */
export function recordingWakes(wakes: Date[]) {
  return {
    scheduleRereadWake: (dueAt: Date) => {
      wakes.push(dueAt);
      return Promise.resolve();
    },
  };
}

export const line = (id: string, employee: number, values: Record<string, string>) => ({
  id,
  employee_id: employee,
  values,
});
/** The month's hours as each test starts with them (`month` is the company's current month). */
export const hoursLines = (month: string) => [
  line("h1", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "14.5", date: `${month}-03` }),
  line("h2", 2, { type: "SUNDAY_PREMIUM", total_hours: "4", total_amount: "15", surcharge: "50" }),
  line("blank", 3, {}),
];
const paymentLines = () => [line("p1", 3, { type: "BONUS_PAYMENT", amount: "250" })];

/**
 * The test of a month close test file, with `world` (made once for the file) and, before each
 * test, the month back to where it starts: no month close row, four eyes at its default, the
 * payroll module at its seed (no stored hours or payments, no pay run, no faults), the app's clock
 * at the sandbox's, the drafts' hours and payments saved and `recorded` emptied.
 */
export function monthTest(recorded: Recorders) {
  return (
    test
      .extend("world", { scope: "file" }, async ({ db }): Promise<MonthWorld> => {
        const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
        const { payrollFor } = await import("@/features/payroll/server/access");
        const { requireCompany } = await import("@/features/payroll/connection/server/companies");
        const stamp = Date.now();
        const person = (name: string) =>
          db.user.create({ data: { accountingUserId: `close-${name}-${stamp}`, displayName: name } });
        const [c, a, o, v] = await Promise.all([
          person("Clara Clerk"),
          person("Arne Approver"),
          person("Olga Owner"),
          person("Vera Viewer"),
        ]);
        const workspace = await db.workspace.create({
          data: {
            name: `Close ${stamp}`,
            members: {
              create: [
                { userId: c.id, roles: ["clerk"] },
                { userId: a.id, roles: ["approver"] },
                { userId: o.id, roles: ["owner"] },
                { userId: v.id, roles: ["viewer"] },
              ],
            },
          },
        });
        const workspaceId = workspace.id;
        const actor = (user: { id: string; displayName: string | null }, roles: MonthActor["roles"]): MonthActor => ({
          workspaceId,
          userId: user.id,
          name: user.displayName ?? "",
          roles,
        });
        // The workspace's connection, added by its owner and worked on by the clerk.
        await connectPayroll({ userId: o.id, workspaceId }, { apiKey: SABINE_KEY }, null);
        const payroll = await payrollFor({ userId: c.id, workspaceId }, "payroll.edit");
        const connectionId = payroll.connection.id;
        const company = await requireCompany(connectionId, COMPANY, payroll.client);
        return {
          connectionId,
          client: payroll.client,
          company,
          workspaceId,
          context: {
            employees: [1, 2, 3].map((id) => ({
              id,
              firstName: `First ${id}`,
              lastName: `Last ${id}`,
              healthInsurance: null,
            })),
            insurers: [],
            employeeSettings: [],
            company: { federalState: null, monthlyHoursLimit: 208 },
            publicHolidays: [],
            previous: null,
          },
          clerk: actor(c, ["clerk"]),
          approver: actor(a, ["approver"]),
          owner: actor(o, ["owner"]),
          viewer: actor(v, ["viewer"]),
          key: { connectionId, companyId: COMPANY, period: company.current_month },
        };
      })
      .extend("freshMonth", { auto: true }, async ({ world: { connectionId, workspaceId, key }, db, sandbox }) => {
        recorded.steps.length = 0;
        recorded.wakes.length = 0;
        (await import("@/lib/clock")).resetTestClock();
        await db.monthClose.deleteMany({ where: { connectionId } });
        await db.workspace.update({ where: { id: workspaceId }, data: { fourEyes: null } });
        await sandbox.control("POST", "/reset");
        const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
        await saveEntryDraft({ ...key, kind: "hours" }, hoursLines(key.period), null);
        await saveEntryDraft({ ...key, kind: "payments" }, paymentLines(), null);
      })
      /** The month submitted by the clerk and approved by the approver. */
      .extend("toApproved", { scope: "file" }, async ({ world: { key, clerk, approver, context } }) => async () => {
        const { submitMonth, approveMonth } = await service();
        await submitMonth(key, clerk, context);
        await approveMonth(key, approver, context);
      })
      /** Moves the sandbox's clock and the app's with it (lib/clock): no test waits in real time. */
      .extend("advanceClock", { scope: "file" }, async ({ sandbox }) => async (seconds: number) => {
        await sandbox.control("POST", "/clock", { advance_seconds: seconds });
        await (await import("@/lib/clock")).followSandboxClock(sandbox.urls.control_url);
      })
  );
}

export async function service() {
  return {
    ...(await import("../service")),
    ...(await import("../views")),
    ...(await import("../transfer")),
    transferMonth,
  };
}

/**
 * Transfer as the page starts it, run to its end: the request (its job captured here instead of
 * pg-boss) and the job run at once with `payrollClient`, as the process picking it up would. When
 * another Transfer holds the month the request starts none: its answer, with no outcome.
 */
async function transferMonth(
  k: MonthKey,
  actor: MonthActor,
  payrollClient: PayrollClient,
  payrollCompany: CompanyRecord,
  deps: TransferJobDeps = {},
) {
  const { requestTransfer } = await import("../transfer");
  const { runTransferJob } = await import("../transfer-job");
  const queued: TransferJobData[] = [];
  const answer = await requestTransfer(k, actor, { enqueue: (data) => Promise.resolve(void queued.push(data)) });
  const job = queued[0];
  if (!job) return { ...answer, outcome: null, message: null, unrecorded: false };
  const ran = await runTransferJob(job, { payroll: { client: payrollClient, company: payrollCompany }, ...deps });
  if (!ran) throw new Error("The job found its lease gone.");
  return { ...ran, transferredBy: null };
}
