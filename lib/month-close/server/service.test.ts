import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startAccountingTestEnv } from "@/lib/accounting/testing/test-env";
import type { TestSandbox } from "@/sandbox/test-support";
import type { PayrollClient } from "@/lib/payroll/server/payroll-service";
import type { CompanyRecord } from "@/lib/payroll/connection/server/companies";
import { PayrollNetworkError } from "@/lib/payroll/errors";
import type { MonthActor, MonthStep } from "./audit";
import type { MonthKey } from "@/lib/payroll/month-lock/states";
import type { CheckContext } from "../gate";
import type { TransferJobDeps } from "./transfer-job";
import type { TransferJobData } from "../transfer-job-data";

// The month close against an in-process sandbox and the suite's Postgres: every allowed and
// refused transition, four eyes, two approvals at once, frozen drafts, pay run, unclear transfers.

const steps: MonthStep[] = [];
vi.mock("./audit", () => ({
  auditMonthStep: (_tx: unknown, step: MonthStep) => {
    steps.push(step);
    return Promise.resolve();
  },
  auditAcknowledgements: (_tx: unknown, acknowledged: MonthStep[]) => {
    steps.push(...acknowledged);
    return Promise.resolve();
  },
}));

// The re-read job's wake-ups (a pg-boss job each): recorded here; tests run the reads themselves after moving the clock.
const wakes: Date[] = [];
vi.mock("./jobs", () => ({
  scheduleRereadWake: (dueAt: Date) => {
    wakes.push(dueAt);
    return Promise.resolve();
  },
}));

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;

let sandbox: TestSandbox;
let connectionId: string;
let client: PayrollClient;
let company: CompanyRecord;
let workspaceId: string;
/** The checks' context (gate.ts): the employees who have lines, nothing else to warn about. */
let context: CheckContext;
let clerk: MonthActor;
let approver: MonthActor;
let owner: MonthActor;
let viewer: MonthActor;
/** A fresh month per test: the period is real (the drafts' key), the connection a new one. */
let key: MonthKey;

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });
const hoursLines = () => [
  line("h1", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "14.5", date: `${company.current_month}-03` }),
  line("h2", 2, { type: "SUNDAY_PREMIUM", total_hours: "4", total_amount: "15", surcharge: "50" }),
  line("blank", 3, {}),
];
const paymentLines = () => [line("p1", 3, { type: "BONUS_PAYMENT", amount: "250" })];

beforeAll(async () => {
  sandbox = await startAccountingTestEnv();
  const { getDb } = await import("@/lib/db/client");
  const { connectPayroll } = await import("@/lib/payroll/connection/server/connection");
  const { payrollFor } = await import("@/lib/payroll/server/access");
  const { requireCompany } = await import("@/lib/payroll/connection/server/companies");
  const db = getDb();
  const stamp = Date.now();
  const person = (name: string) => db.user.create({ data: { accountingUserId: `close-${name}-${stamp}`, displayName: name } });
  const [c, a, o, v] = await Promise.all([person("Clara Clerk"), person("Arne Approver"), person("Olga Owner"), person("Vera Viewer")]);
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
  workspaceId = workspace.id;
  const actor = (user: { id: string; displayName: string | null }, roles: MonthActor["roles"]): MonthActor => ({
    workspaceId,
    userId: user.id,
    name: user.displayName ?? "",
    roles,
  });
  clerk = actor(c, ["clerk"]);
  approver = actor(a, ["approver"]);
  owner = actor(o, ["owner"]);
  viewer = actor(v, ["viewer"]);
  // The workspace's connection, added by its owner and worked on by the clerk.
  await connectPayroll({ userId: o.id, workspaceId }, { apiKey: SABINE_KEY }, null);
  const payroll = await payrollFor({ userId: c.id, workspaceId }, "payroll.edit");
  connectionId = payroll.connection.id;
  client = payroll.client;
  company = await requireCompany(connectionId, COMPANY, client);
  context = {
    employees: [1, 2, 3].map((id) => ({ id, firstName: `First ${id}`, lastName: `Last ${id}`, healthInsurance: null })),
    insurers: [],
    employeeSettings: [],
    company: { federalState: null, monthlyHoursLimit: 208 },
    publicHolidays: [],
    previous: null,
  };
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  steps.length = 0;
  wakes.length = 0;
  (await import("@/lib/clock")).resetTestClock();
  const { getDb } = await import("@/lib/db/client");
  await getDb().monthClose.deleteMany({ where: { connectionId } });
  await getDb().workspace.update({ where: { id: workspaceId }, data: { fourEyes: null } });
  // The payroll module back to its seed: no stored hours or payments, no pay run, no faults.
  await sandbox.control("POST", "/reset");
  key = { connectionId, companyId: COMPANY, period: company.current_month };
  const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
  await saveEntryDraft({ ...key, kind: "hours" }, hoursLines(), null);
  await saveEntryDraft({ ...key, kind: "payments" }, paymentLines(), null);
});

async function service() {
  return { ...(await import("./service")), ...(await import("./views")), ...(await import("./transfer")), transferMonth };
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
  const { requestTransfer } = await import("./transfer");
  const { runTransferJob } = await import("./transfer-job");
  const queued: TransferJobData[] = [];
  const answer = await requestTransfer(k, actor, { enqueue: (data) => Promise.resolve(void queued.push(data)) });
  const job = queued[0];
  if (!job) return { ...answer, outcome: null, message: null, unrecorded: false };
  const ran = await runTransferJob(job, { payroll: { client: payrollClient, company: payrollCompany }, ...deps });
  if (!ran) throw new Error("The job found its lease gone.");
  return { ...ran, transferredBy: null };
}

/** Moves the sandbox's clock and the app's with it (lib/clock): no test waits in real time. */
async function advanceClock(seconds: number): Promise<void> {
  await sandbox.control("POST", "/clock", { advance_seconds: seconds });
  await (await import("@/lib/clock")).followSandboxClock(sandbox.urls.control_url);
}

async function toApproved(): Promise<void> {
  const { submitMonth, approveMonth } = await service();
  await submitMonth(key, clerk, context);
  await approveMonth(key, approver, context);
}

describe("submit and withdraw", () => {
  it("a month without a row is Open in round 1; a clerk submits; only the submitter withdraws", async () => {
    const { monthCloseView, submitMonth, withdrawMonth } = await service();
    expect(await monthCloseView(key, workspaceId)).toMatchObject({ state: "open", round: 1, submittedBy: null, fourEyes: true });
    const submitted = await submitMonth(key, clerk, context);
    expect(submitted).toMatchObject({ state: "in_review", submittedBy: "Clara Clerk", submittedById: clerk.userId });
    await expect(withdrawMonth(key, owner)).rejects.toMatchObject({
      code: "forbidden",
      message: "Only the person who submitted the month may withdraw it.",
    });
    await expect(submitMonth(key, clerk, context)).rejects.toMatchObject({
      code: "month_state",
      message: "The month is in review; it cannot be submitted for review.",
    });
    expect(await withdrawMonth(key, clerk)).toMatchObject({ state: "open", submittedBy: null });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.from}>${step.to}`)).toEqual([
      "submit:open>in_review",
      "withdraw:in_review>open",
    ]);
  });

  it("refuses submit for a viewer or an approver alone (403) and while there are blockers (409 with them)", async () => {
    const { submitMonth } = await service();
    await expect(submitMonth(key, viewer, context)).rejects.toMatchObject({ code: "forbidden" });
    await expect(submitMonth(key, approver, context)).rejects.toMatchObject({ code: "forbidden" });
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await saveEntryDraft(
      { ...key, kind: "payments" },
      [line("p1", 3, { type: "BONUS_PAYMENT", amount: "abc" }), line("p2", 4, { type: "NOPE", amount: "1" })],
      null,
    );
    const refusal = await submitMonth(key, clerk, context).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_blocked" });
    expect((refusal as { body(): { blockers: unknown[] } }).body().blockers).toEqual([
      expect.objectContaining({
        severity: "blocker",
        rule: "invalidValue",
        kind: "payments",
        lineId: "p1",
        employeeId: 3,
        column: "amount",
      }),
      expect.objectContaining({
        severity: "blocker",
        rule: "invalidValue",
        kind: "payments",
        lineId: "p2",
        employeeId: 4,
        column: "type",
        params: expect.objectContaining({ error: "unknownType" }),
      }),
      expect.objectContaining({ severity: "blocker", rule: "unknownEmployee", kind: "payments", lineId: "p2", employeeId: 4 }),
    ]);
    expect(steps).toEqual([]);
  });
});

describe("frozen months", () => {
  it("refuses whole and patch saves with 409 month_frozen and keeps the stored draft", async () => {
    const { submitMonth, withdrawMonth } = await service();
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await submitMonth(key, clerk, context);
    const draft = await loadEntryDraft({ ...key, kind: "hours" });
    await expect(saveEntryDraft({ ...key, kind: "hours" }, [], null)).rejects.toMatchObject({
      code: "month_frozen",
      message: "The month is in review.",
    });
    await expect(
      patchEntryDraft(
        { ...key, kind: "hours" },
        [{ ...line("h1", 1, { type: "HOURLY_WAGE", total_hours: "99" }), base: draft!.revision }],
        [],
        null,
      ),
    ).rejects.toMatchObject({ code: "month_frozen" });
    expect((await loadEntryDraft({ ...key, kind: "hours" }))?.lines).toEqual(hoursLines());
    await withdrawMonth(key, clerk);
    await expect(saveEntryDraft({ ...key, kind: "hours" }, hoursLines(), null)).resolves.toMatchObject({ revision: draft!.revision + 1 });
  });
});

describe("approve and four eyes", () => {
  it("refuses approval of an open month (409) and by a clerk (403); an approver approves", async () => {
    const { approveMonth, submitMonth } = await service();
    await expect(approveMonth(key, approver, context)).rejects.toMatchObject({ code: "month_state" });
    await submitMonth(key, clerk, context);
    await expect(approveMonth(key, clerk, context)).rejects.toMatchObject({ code: "forbidden" });
    expect(await approveMonth(key, approver, context)).toMatchObject({
      state: "approved",
      approvedBy: "Arne Approver",
      submittedBy: "Clara Clerk",
    });
  });

  it("four eyes is on by default with two or more members: the submitter cannot approve; an owner's switch is recorded", async () => {
    const { approveMonth, submitMonth } = await service();
    const { setFourEyes, fourEyesSetting } = await import("./four-eyes");
    expect(await fourEyesSetting(workspaceId)).toEqual({ setting: null, effective: true, members: 4 });
    await submitMonth(key, owner, context);
    await expect(approveMonth(key, owner, context)).rejects.toMatchObject({ code: "four_eyes" });
    await expect(setFourEyes({ userId: clerk.userId, name: "Clara" }, workspaceId, false)).rejects.toMatchObject({ code: "forbidden" });
    expect(await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, false)).toEqual({
      setting: false,
      effective: false,
      members: 4,
    });
    expect(steps.at(-1)).toMatchObject({ kind: "workspace.four_eyes", enabled: false, actor: { userId: owner.userId, workspaceId } });
  });

  it("four eyes switched mid-review: the rule in force at submission holds for the round; the switch applies from the next submission; the approval records its rule", async () => {
    const { approveMonth, submitMonth, withdrawMonth, monthCloseView } = await service();
    const { setFourEyes } = await import("./four-eyes");
    const { actionsFor } = await import("../states");
    // A clerk-and-approver submits while four eyes is on; the owner switches it off.
    const both: MonthActor = { ...clerk, roles: ["clerk", "approver"] };
    await submitMonth(key, both, context);
    expect(steps.at(-1)).toMatchObject({ action: "submit", details: { fourEyes: true } });
    await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, false);
    // Her own month, submitted under four eyes: still not hers to approve, and the page offers no Approve.
    await expect(approveMonth(key, both, context)).rejects.toMatchObject({ code: "four_eyes" });
    const view = await monthCloseView(key, workspaceId);
    expect(view).toMatchObject({ state: "in_review", fourEyes: true });
    expect(actionsFor(view, { id: both.userId, roles: both.roles })).toEqual(["withdraw"]);
    // The next submission is under the rule now in force (off): she approves, and the entry says under which rule.
    await withdrawMonth(key, both);
    await submitMonth(key, both, context);
    await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, true);
    expect(await approveMonth(key, both, context)).toMatchObject({ state: "approved", approvedBy: "Clara Clerk" });
    expect(steps.filter((step) => step.kind === "month_close.step" && step.action === "approve")).toEqual([
      expect.objectContaining({ details: { fourEyes: false } }),
    ]);
  });

  it("is off by default for a workspace of one", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { effectiveFourEyes } = await import("./four-eyes");
    const alone = await getDb().workspace.create({
      data: { name: "alone", members: { create: [{ userId: owner.userId, roles: ["owner"] }] } },
    });
    expect(await effectiveFourEyes(getDb(), alone.id)).toBe(false);
    await getDb().workspace.update({ where: { id: alone.id }, data: { fourEyes: true } });
    expect(await effectiveFourEyes(getDb(), alone.id)).toBe(true);
  });

  it("of two approvals at once exactly one wins; the other is refused with the state", async () => {
    const { approveMonth, submitMonth } = await service();
    await submitMonth(key, clerk, context);
    const results = await Promise.allSettled([approveMonth(key, approver, context), approveMonth(key, owner, context)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "month_state", message: "The month is approved; it cannot be approved." });
    expect(steps.filter((step) => step.kind === "month_close.step" && step.action === "approve")).toHaveLength(1);
  });
});

describe("transfer", () => {
  it("sends both kinds: Transferred, the service holds exactly the approved lines; no second transfer", async () => {
    const { transferMonth } = await service();
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "month_state" });
    await toApproved();
    await expect(transferMonth(key, viewer, client, company)).rejects.toMatchObject({ code: "forbidden" });
    const result = await transferMonth(key, clerk, client, company);
    expect(result).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred" },
      message: null,
    });
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).body).toEqual([
      {
        company_id: COMPANY,
        employee_id: 1,
        type: "HOURLY_WAGE",
        total_hours: 7.5,
        total_amount: 14.5,
        date: `${company.current_month}-03`,
      },
      { company_id: COMPANY, employee_id: 2, type: "SUNDAY_PREMIUM", total_hours: 4, total_amount: 15, surcharge: 50 },
    ]);
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/further_payments`)).body).toEqual([
      { company_id: COMPANY, employee_id: 3, type: "BONUS_PAYMENT", count: 1, amount: 250 },
    ]);
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "month_state" });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.to}`)).toEqual([
      "submit:in_review",
      "approve:approved",
      "transfer:transfer_unclear",
      "transfer_result:transferred",
    ]);
  });

  it("a pay-run refusal leaves the month Waiting for pay run with its drafts; a person sends again after it", async () => {
    const { transferMonth, monthCloseView } = await service();
    const { loadEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await toApproved();
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
    const refused = await transferMonth(key, clerk, client, company);
    expect(refused).toMatchObject({ outcome: { hours: "pay_run", payments: "not_sent" }, monthClose: { state: "waiting_for_pay_run" } });
    expect(refused.message).toContain("pay run");
    expect((await loadEntryDraft({ ...key, kind: "hours" }))?.lines).toEqual(hoursLines());
    expect(await monthCloseView(key, workspaceId)).toMatchObject({ state: "waiting_for_pay_run", approvedBy: "Arne Approver" });
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
    expect(await transferMonth(key, clerk, client, company)).toMatchObject({ monthClose: { state: "transferred" } });
  });

  it("an unknown outcome leaves Transfer unclear; Check transfer finds the service holding it → Transferred", async () => {
    const { transferMonth, checkTransfer } = await service();
    await toApproved();
    // The payments are stored but the answer is lost.
    await sandbox.control("POST", "/faults", {
      rules: [{ method: "POST", path: "/payroll/v1/companies/*/further_payments", kind: "drop_after_commit", times: 1 }],
    });
    const unclear = await transferMonth(key, clerk, client, company);
    expect(unclear).toMatchObject({ outcome: { hours: "succeeded", payments: "unknown" }, monthClose: { state: "transfer_unclear" } });
    await expect(checkTransfer(key, viewer, client, company, client.baseUrl)).rejects.toMatchObject({ code: "forbidden" });
    const checked = await checkTransfer(key, clerk, client, company, client.baseUrl);
    expect(checked).toMatchObject({ resolved: true, monthClose: { state: "transferred" } });
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({ code: "month_state" });
  });

  it("an unknown outcome whose data the service does not hold → Check transfer returns the month to Approved", async () => {
    const { transferMonth, checkTransfer } = await service();
    await toApproved();
    const silent = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: () => Promise.reject(new PayrollNetworkError("timed out", true)),
    } as unknown as PayrollClient;
    const unclear = await transferMonth(key, clerk, silent, company);
    expect(unclear).toMatchObject({ outcome: { hours: "unknown", payments: "not_sent" }, monthClose: { state: "transfer_unclear" } });
    // Reopening an unclear month is refused: the service may hold it.
    const { reopenMonth } = await service();
    await expect(reopenMonth(key, approver, "typo")).rejects.toMatchObject({ code: "month_state" });
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      resolved: true,
      monthClose: { state: "approved" },
    });
    // No new transfer until the service was read again 10 minutes after the timed-out request.
    await expect(transferMonth(key, clerk, silent, company)).rejects.toMatchObject({ code: "transfer_rereading" });
    await advanceClock(600);
    const { runDueRereads } = await import("./rereads");
    expect(await runDueRereads()).toEqual({ read: 2, differences: 2 });
    // A service that cannot be read back: nothing changes.
    await transferMonth(key, clerk, silent, company);
    expect(await checkTransfer(key, clerk, client, company, "https://payroll.example.com/api")).toMatchObject({
      resolved: false,
      monthClose: { state: "transfer_unclear" },
    });
  });
});

describe("transfer: crashes, late commits, unrecorded answers, two at once", () => {
  beforeEach(async () => {
    const { getDb } = await import("@/lib/db/client");
    await getDb().payrollEntryTransfer.deleteMany({ where: { connectionId } });
  });
  /** Round 2's hours: employee 1 worked 8 hours, the rest as before. */
  const changedHours = () =>
    hoursLines().map((entry) => (entry.id === "h1" ? line("h1", 1, { ...entry.values, total_hours: "8" }) : entry));
  const held = async (resource: "hourly_compensations" | "further_payments") =>
    (await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/${resource}`)).body;
  const historyOf = async () => {
    const { getDb } = await import("@/lib/db/client");
    return getDb().payrollEntryTransfer.findMany({
      where: { connectionId, companyId: COMPANY, period: key.period },
      orderBy: { createdAt: "asc" },
      select: { kind: true, outcome: true },
    });
  };

  it("a Transfer whose process died is recognised within 30 s: until then Transfer and Check say it is under way and from when to check; then Check finds what the service holds", async () => {
    const { transferMonth, checkTransfer, monthCloseView } = await service();
    const { transferEntries } = await import("@/lib/payroll/entries/server/transfers");
    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    const { actionsFor } = await import("../states");
    await toApproved();
    // What a process killed (kill -9) while sending leaves: its lease with the last heartbeat, each
    // kind's history row written before its call, and the service holding what it sent.
    const at = now();
    const row = await getDb().monthClose.update({
      where: { connectionId_companyId_period: key },
      data: {
        state: "transfer_unclear",
        transferLeaseId: crypto.randomUUID(),
        transferStartedAt: at,
        transferHeartbeatAt: at,
        transferStartedByName: "Clara Clerk",
      },
    });
    const dying = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await client.transferHourlyCompensations(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
      transferFurtherPayments: async (...args: Parameters<PayrollClient["transferFurtherPayments"]>) => {
        await client.transferFurtherPayments(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
    } as unknown as PayrollClient;
    const lines = await monthLines(getDb(), key);
    for (const kind of ["hours", "payments"] as const) {
      await transferEntries({
        audit: null,
        connectionId,
        userId: clerk.userId,
        userName: clerk.name,
        client: dying,
        company,
        kind,
        lines: lines[kind],
        onSending: async (id) => {
          await getDb().monthClose.update({
            where: { id: row.id },
            data: kind === "hours" ? { hoursTransferId: id } : { paymentsTransferId: id },
          });
        },
      });
    }
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "unknown" },
      { kind: "payments", outcome: "unknown" },
    ]);

    // 29 s later the heartbeat may still be renewed: both are refused, saying so and from when to check.
    await advanceClock(29);
    const checkableFrom = new Date(at.getTime() + 31_000).toISOString();
    // Transfer starts none (nothing enqueued, nothing recorded): it answers with the one under way and from when to check.
    const stepsBefore = steps.length;
    expect(await transferMonth(key, approver, client, company)).toMatchObject({
      outcome: null,
      transferredBy: "Clara Clerk",
      monthClose: { state: "transfer_unclear", transferUnderWay: { checkableFrom } },
    });
    expect(steps).toHaveLength(stepsBefore);
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({ code: "transfer_under_way" });
    const waiting = await monthCloseView(key, workspaceId);
    expect(waiting).toMatchObject({
      state: "transfer_unclear",
      transferUnderWay: { startedBy: "Clara Clerk", checkableFrom },
      transferStopped: null,
    });
    expect(actionsFor(waiting, { id: approver.userId, roles: approver.roles })).toEqual([]);

    // Its heartbeat is 31 s old: the lease is nobody's. The page says the transfer stopped; Check finds both kinds held.
    await advanceClock(2);
    const stopped = await monthCloseView(key, workspaceId);
    expect(stopped).toMatchObject({ transferUnderWay: null, transferStopped: { startedBy: "Clara Clerk", startedAt: at.toISOString() } });
    expect(actionsFor(stopped, { id: approver.userId, roles: approver.roles })).toEqual(["transfer", "check"]);
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      resolved: true,
      monthClose: { state: "transferred", transferStopped: null },
    });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("of two Transfers at once exactly one sends; the other waits for it and shows its result", async () => {
    const { transferMonth } = await service();
    const { getDb } = await import("@/lib/db/client");
    await toApproved();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = {
      listEmployees: client.listEmployees.bind(client),
      transferFurtherPayments: client.transferFurtherPayments.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await gate;
        return client.transferHourlyCompensations(...args);
      },
    } as unknown as PayrollClient;
    const first = transferMonth(key, clerk, held, company);
    // The first holds the lease while its hours are on their way; then the second asks.
    await expect
      .poll(async () => (await getDb().monthClose.findUnique({ where: { connectionId_companyId_period: key } }))?.transferLeaseId ?? null, {
        interval: 20,
      })
      .not.toBeNull();
    const second = transferMonth(key, approver, client, company);
    await expect
      .poll(async () => steps.filter((step) => step.kind === "month_close.step" && step.action === "transfer").length, { interval: 20 })
      .toBe(1);
    open();
    const [mine, theirs] = await Promise.all([first, second]);
    expect(mine).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred" },
      transferredBy: null,
    });
    // The second started none: it answered with the first one under way, and its page follows the month to that result.
    expect(theirs).toMatchObject({
      outcome: null,
      monthClose: { state: "transfer_unclear", transferUnderWay: { startedBy: "Clara Clerk" } },
      transferredBy: "Clara Clerk",
    });
    expect(await (await service()).monthCloseView(key, workspaceId)).toMatchObject({
      state: "transferred",
      transferredAt: mine.monthClose.transferredAt,
    });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a request landing after the timeout: no new Transfer until the service was read again after 10 minutes; then the new lines replace it", async () => {
    const { transferMonth, checkTransfer, reopenMonth, submitMonth, approveMonth } = await service();
    const { runDueRereads } = await import("./rereads");
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await toApproved();
    // The hours request lands 23 s after the app gave up on it.
    await sandbox.control("POST", "/faults", {
      rules: [
        { method: "POST", path: "/payroll/v1/companies/*/hourly_compensations", kind: "commit_late", commit_after_seconds: 23, times: 1 },
      ],
    });
    const unclear = await transferMonth(key, clerk, client, company);
    expect(unclear).toMatchObject({ outcome: { hours: "unknown", payments: "not_sent" }, monthClose: { state: "transfer_unclear" } });
    const sentAt = Date.parse(unclear.monthClose.rereadDueAt!) - 600_000;
    expect(wakes.map((wake) => Math.round((wake.getTime() - sentAt) / 1000))).toEqual([60, 600]);
    // The check finds nothing stored: Approved. Reopened, changed, approved again: not sent before the 10-minute read.
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({ monthClose: { state: "approved" } });
    await reopenMonth(key, approver, "Employee 1 worked 8 hours");
    await saveEntryDraft({ ...key, kind: "hours" }, changedHours(), null);
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({
      code: "transfer_rereading",
      extra: { rereadDueAt: unclear.monthClose.rereadDueAt },
    });
    // The old request lands at 23 s; the reads at 1 and 10 minutes see it (the month has moved on to round 2: it stays Approved).
    await advanceClock(60);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "transfer_rereading" });
    await advanceClock(540);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    const sent = await transferMonth(key, clerk, client, company);
    expect(sent).toMatchObject({ monthClose: { state: "transferred", round: 2 } });
    expect(await held("hourly_compensations")).toEqual([
      expect.objectContaining({ employee_id: 1, total_hours: 8 }),
      expect.objectContaining({ employee_id: 2 }),
    ]);
    // Its own reads find what was sent: it stays Transferred.
    await advanceClock(600);
    expect(await runDueRereads()).toEqual({ read: 2, differences: 0 });
    await expect((await service()).monthCloseView(key, workspaceId)).resolves.toMatchObject({
      state: "transferred",
      transferDifference: null,
    });
  });

  it("an old request landing on a newer transfer: the re-read marks the month Transfer unclear with the difference", async () => {
    const { transferMonth, checkTransfer, reopenMonth, submitMonth, approveMonth, monthCloseViews } = await service();
    const { runJobNow } = await import("@/lib/composition/jobs");
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await toApproved();
    // Later than both reads of its own transfer: 11 minutes.
    await sandbox.control("POST", "/faults", {
      rules: [
        { method: "POST", path: "/payroll/v1/companies/*/hourly_compensations", kind: "commit_late", commit_after_seconds: 660, times: 1 },
      ],
    });
    await transferMonth(key, clerk, client, company);
    await checkTransfer(key, clerk, client, company, client.baseUrl);
    await reopenMonth(key, approver, "One line only");
    await saveEntryDraft({ ...key, kind: "hours" }, changedHours(), null);
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    await advanceClock(600);
    expect(await runJobNow("month-close-reread")).toEqual({ result: { read: 2, differences: 2 } });
    expect(await transferMonth(key, clerk, client, company)).toMatchObject({ monthClose: { state: "transferred" } });
    // The old request lands 60 s later, over the new one; the 1-minute read sees it.
    await advanceClock(61);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await runJobNow("month-close-reread")).toEqual({ result: { read: 1, differences: 1 } });
    const listed = (await monthCloseViews(connectionId, [{ id: COMPANY, current_month: key.period }], workspaceId)).get(COMPANY);
    expect(listed).toMatchObject({
      state: "transfer_unclear",
      transferDifference: {
        afterMinutes: 1,
        kinds: [
          { kind: "hours", sent: 2, held: 2, missing: 1, unexpected: 1 },
          { kind: "payments", sent: 1, held: 1, missing: 0, unexpected: 0 },
        ],
      },
    });
    expect(steps.at(-1)).toMatchObject({
      action: "check_result",
      from: "transferred",
      to: "transfer_unclear",
      details: { reread: 1, held: false },
    });
    // Check compares with the approved lines: not held → Approved, to be sent again.
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({
      monthClose: { state: "approved", transferDifference: expect.anything() },
    });
  });

  it("the service accepts while the history row is locked: the month stays Transfer unclear, no database words; the 1-minute read records it", async () => {
    const { transferMonth, monthCloseView } = await service();
    const { runDueRereads } = await import("./rereads");
    const pg = (await import("pg")).default;
    const { inject } = await import("vitest");
    await toApproved();
    const locker = new pg.Client({ connectionString: inject("databaseUrl") });
    await locker.connect();
    try {
      // While the hours request is at the service, someone holds the transfer's history row (8 s in the report; here until the end).
      const locking = {
        listEmployees: client.listEmployees.bind(client),
        transferFurtherPayments: client.transferFurtherPayments.bind(client),
        transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
          await locker.query("BEGIN");
          await locker.query(
            "SELECT id FROM payroll_entry_transfers WHERE connection_id = $1 AND kind = 'hours' AND error_code = 'SENDING' FOR UPDATE",
            [connectionId],
          );
          return client.transferHourlyCompensations(...args);
        },
      } as unknown as PayrollClient;
      const result = await transferMonth(key, clerk, locking, company, { recording: { attempts: 2, lockTimeoutMs: 200, pauseMs: 10 } });
      expect(result).toMatchObject({
        outcome: { hours: "unrecorded", payments: "succeeded" },
        monthClose: { state: "transfer_unclear", lastTransferMessage: null },
        unrecorded: true,
        message: null,
      });
      expect(JSON.stringify(result)).not.toMatch(/prisma|lock|timeout|invocation/i);
      expect(await held("hourly_compensations")).toHaveLength(2);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "unknown" },
      { kind: "payments", outcome: "succeeded" },
    ]);
    await advanceClock(60);
    expect(await runDueRereads()).toEqual({ read: 1, differences: 0 });
    expect(await monthCloseView(key, workspaceId)).toMatchObject({ state: "transferred" });
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });
});

describe("transfer as a durable job", () => {
  beforeEach(async () => {
    const { getDb } = await import("@/lib/db/client");
    await getDb().payrollEntryTransfer.deleteMany({ where: { connectionId } });
  });
  const historyOf = async () => {
    const { getDb } = await import("@/lib/db/client");
    return getDb().payrollEntryTransfer.findMany({
      where: { connectionId, companyId: COMPANY, period: key.period },
      orderBy: { createdAt: "asc" },
      select: { kind: true, outcome: true },
    });
  };
  const held = async (resource: "hourly_compensations" | "further_payments") =>
    (await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/${resource}`)).body;
  /** The request alone: the month under its lease, the job it enqueued. */
  async function request(actor: MonthActor) {
    const { requestTransfer } = await import("./transfer");
    const queued: TransferJobData[] = [];
    const answer = await requestTransfer(key, actor, { enqueue: (data) => Promise.resolve(void queued.push(data)) });
    return { answer, job: queued[0]! };
  }

  it("the request answers at once with the month Transferring and its job enqueued; nothing is sent until a process runs the job", async () => {
    const { checkTransfer, monthCloseView } = await service();
    const { runTransferJob } = await import("./transfer-job");
    const { shownState } = await import("../states");
    await toApproved();
    const { answer, job } = await request(clerk);
    expect(answer).toMatchObject({
      transferredBy: null,
      monthClose: { state: "transfer_unclear", transferUnderWay: { startedBy: "Clara Clerk" } },
    });
    expect(shownState(answer.monthClose)).toBe("transferring");
    expect(job).toEqual({ key, leaseId: expect.any(String), actor: clerk });
    expect(await held("hourly_compensations")).toEqual([]);
    expect(await historyOf()).toEqual([]);
    await expect(checkTransfer(key, clerk, client, company, client.baseUrl)).rejects.toMatchObject({ code: "transfer_under_way" });
    // Any process runs it (the job carries everything): both kinds sent once.
    expect(await runTransferJob(job, { payroll: { client, company } })).toMatchObject({
      outcome: { hours: "succeeded", payments: "succeeded" },
      resumed: false,
      monthClose: { state: "transferred" },
    });
    expect(shownState(await monthCloseView(key, workspaceId))).toBe("transferred");
    // The same job handed out again finds its lease gone: nothing more is sent.
    expect(await runTransferJob(job, { payroll: { client, company } })).toBeNull();
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a job not enqueued: the month returns to Approved, the request fails saying nothing was sent", async () => {
    const { requestTransfer, monthCloseView } = await service();
    await toApproved();
    await expect(requestTransfer(key, clerk, { enqueue: () => Promise.reject(new Error("pg-boss down")) })).rejects.toMatchObject({
      code: "unavailable",
      message: "The transfer could not be started; nothing was sent. Try again in a moment.",
    });
    expect(await monthCloseView(key, workspaceId)).toMatchObject({ state: "approved", transferUnderWay: null, transferStopped: null });
  });

  it("a copy of the job handed out while its runner is alive sends nothing and is tried again later; after the runner ended it does nothing", async () => {
    const { runTransferJob, TransferHeldError } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = {
      listEmployees: client.listEmployees.bind(client),
      transferFurtherPayments: client.transferFurtherPayments.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await gate;
        return client.transferHourlyCompensations(...args);
      },
    } as unknown as PayrollClient;
    const runner = runTransferJob(job, { payroll: { client: slow, company } });
    await expect.poll(async () => (await historyOf()).length, { interval: 20 }).toBe(1);
    await expect(runTransferJob(job, { payroll: { client, company } })).rejects.toBeInstanceOf(TransferHeldError);
    open();
    expect(await runner).toMatchObject({ monthClose: { state: "transferred" } });
    expect(await runTransferJob(job, { payroll: { client, company } })).toBeNull();
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });

  it("a runner killed after its hours went out: within 30 s the retried job waits; then it reads what the service holds, does not send the hours again, sends the payments", async () => {
    const { runTransferJob, TransferHeldError } = await import("./transfer-job");
    const { transferEntries } = await import("@/lib/payroll/entries/server/transfers");
    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    await toApproved();
    const { job } = await request(clerk);
    // What a runner killed (kill -9) after sending the hours leaves: its heartbeat, the hours' history row of unknown outcome, the service holding them.
    const row = await getDb().monthClose.update({ where: { connectionId_companyId_period: key }, data: { transferHeartbeatAt: now() } });
    const lost = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: async (...args: Parameters<PayrollClient["transferHourlyCompensations"]>) => {
        await client.transferHourlyCompensations(...args);
        throw new PayrollNetworkError("socket hang up", true);
      },
    } as unknown as PayrollClient;
    const lines = await monthLines(getDb(), key);
    await transferEntries({
      audit: null,
      connectionId,
      userId: clerk.userId,
      userName: clerk.name,
      client: lost,
      company,
      kind: "hours",
      lines: lines.hours,
      onSending: async (id) => {
        await getDb().monthClose.update({ where: { id: row.id }, data: { hoursTransferId: id } });
      },
    });
    expect(await held("hourly_compensations")).toHaveLength(2);

    await advanceClock(29);
    await expect(runTransferJob(job, { payroll: { client, company } })).rejects.toBeInstanceOf(TransferHeldError);
    await advanceClock(2);
    const resumed = await runTransferJob(job, { payroll: { client, company } });
    expect(resumed).toMatchObject({
      resumed: true,
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred", transferStopped: null },
    });
    // Exactly once per kind: one history row each, the hours' recorded as succeeded from what the service holds.
    expect(await historyOf()).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect(await held("further_payments")).toHaveLength(1);
    // Both kinds are read again after 1 and 10 minutes, as after any Transfer.
    expect(wakes).toHaveLength(2);
  });

  /** A runner that wrote the hours' history row and began sending, then died: its heartbeat 31 s old. */
  async function runnerDiedSendingHours(): Promise<void> {
    const { getDb } = await import("@/lib/db/client");
    const { now } = await import("@/lib/clock");
    const sending = await getDb().payrollEntryTransfer.create({
      data: {
        connectionId,
        companyId: COMPANY,
        period: key.period,
        kind: "hours",
        userId: clerk.userId,
        userName: clerk.name,
        outcome: "unknown",
        lines: [],
        lineCount: 0,
        totalCents: "0",
        errorCode: "SENDING",
      },
    });
    await getDb().monthClose.update({
      where: { connectionId_companyId_period: key },
      data: { transferHeartbeatAt: now(), hoursTransferId: sending.id },
    });
    await advanceClock(31);
  }

  it("taking over from a dead runner that sent its hours while the service cannot be read: nothing is sent, the month stays Transfer unclear", async () => {
    const { runTransferJob } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    await runnerDiedSendingHours();
    const unreadable = { listEmployees: () => Promise.reject(new PayrollNetworkError("timed out", true)) } as unknown as PayrollClient;
    expect(await runTransferJob(job, { payroll: { client: unreadable, company } })).toMatchObject({
      resumed: true,
      outcome: { hours: "unknown", payments: "not_sent" },
      monthClose: { state: "transfer_unclear", transferStopped: null, transferUnderWay: null },
    });
    expect(await historyOf()).toHaveLength(1);
  });

  it("a runner killed before its hours landed: the retried job sends them again, once", async () => {
    const { runTransferJob } = await import("./transfer-job");
    await toApproved();
    const { job } = await request(clerk);
    // The hours' history row was written, the request never reached the service.
    await runnerDiedSendingHours();
    expect(await runTransferJob(job, { payroll: { client, company } })).toMatchObject({
      resumed: true,
      monthClose: { state: "transferred" },
    });
    expect(await held("hourly_compensations")).toHaveLength(2);
    expect((await historyOf()).filter((entry) => entry.outcome === "succeeded")).toEqual([
      { kind: "hours", outcome: "succeeded" },
      { kind: "payments", outcome: "succeeded" },
    ]);
  });
});

describe("reopen", () => {
  it("an approver reopens with a reason as the next round; without a reason or as a clerk it is refused", async () => {
    const { reopenMonth, transferMonth, submitMonth } = await service();
    const { monthCloseBodySchema } = await import("../schemas");
    await expect(reopenMonth(key, approver, "too early")).rejects.toMatchObject({ code: "month_state" });
    await toApproved();
    await transferMonth(key, clerk, client, company);
    await expect(reopenMonth(key, clerk, "typo")).rejects.toMatchObject({ code: "forbidden" });
    await expect(reopenMonth(key, approver, "  ")).rejects.toMatchObject({ code: "invalid" });
    for (const invisible of ["\u200b", "\u00a0 \u2060", "\ufeff\u200e"]) {
      await expect(reopenMonth(key, approver, invisible)).rejects.toMatchObject({ code: "invalid", fields: { reason: "invisible" } });
      expect(monthCloseBodySchema.safeParse({ action: "reopen", period: key.period, reason: invisible }).error?.issues[0]).toMatchObject({
        path: ["reason"],
        message: "invisible",
      });
    }
    const reopened = await reopenMonth(key, approver, "Hours of employee 2 were wrong");
    expect(reopened).toMatchObject({
      state: "open",
      round: 2,
      reopenReason: "Hours of employee 2 were wrong",
      reopenedBy: "Arne Approver",
      submittedBy: null,
      approvedBy: null,
    });
    expect(steps.at(-1)).toMatchObject({
      action: "reopen",
      from: "transferred",
      to: "open",
      round: 2,
      details: { reason: "Hours of employee 2 were wrong" },
    });
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await expect(saveEntryDraft({ ...key, kind: "hours" }, hoursLines(), null)).resolves.toBeDefined();
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review", round: 2 });
  });
});

/** The single acknowledgement as the dialog of one warning sends it: a list of one. */
async function acknowledgeOne(key: MonthKey, actor: MonthActor, context: CheckContext, input: { warningId: string; comment: string }) {
  const { acknowledgeWarnings } = await import("./acknowledgements");
  const [acknowledgement] = await acknowledgeWarnings(key, actor, context, { warningIds: [input.warningId], comment: input.comment });
  return acknowledgement;
}

describe("the gate: blockers and acknowledged warnings", () => {
  /** A day of the month that is not a Sunday: a Sunday premium on it is a warning. */
  const weekday = () => {
    const [year, month] = company.current_month.split("-").map(Number) as [number, number];
    const day = [1, 2, 3].find((d) => new Date(Date.UTC(year, month - 1, d)).getUTCDay() !== 0) ?? 4;
    return `${company.current_month}-0${day}`;
  };
  const sundayOnWeekday = (hours = "4") => [
    line("h1", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "14.5" }),
    line("h2", 2, { type: "SUNDAY_PREMIUM", total_hours: hours, total_amount: "15", surcharge: "50", date: weekday() }),
  ];

  it("refuses submit (409 naming the count) while a warning of the round is not acknowledged; an acknowledgement lets it pass", async () => {
    const { submitMonth } = await service();
    const { monthGate, warningId } = await import("../gate");
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(), null);
    const refusal = await submitMonth(key, clerk, context).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_unacknowledged", message: "1 warning(s) of round 1 are not acknowledged." });
    const body = (refusal as { body(): { unacknowledgedCount: number; warnings: { rule: string }[] } }).body();
    expect(body.unacknowledgedCount).toBe(1);
    expect(body.warnings.map((warning) => warning.rule)).toEqual(["sundayPremium"]);

    const { monthLines } = await import("./check-input");
    const { getDb } = await import("@/lib/db/client");
    const [warning] = monthGate({ ...context, month: { period: key.period, ...(await monthLines(getDb(), key)) } }, new Set()).warnings;
    const id = warningId(warning!);
    expect(id).toBe(`sundayPremium|2|hours|h2|date=${weekday()}`);
    await expect(acknowledgeOne(key, viewer, context, { warningId: id, comment: "ok" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(acknowledgeOne(key, clerk, context, { warningId: id, comment: "   " })).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "required" },
    });
    await expect(acknowledgeOne(key, clerk, context, { warningId: "noLines|9|||", comment: "ok" })).rejects.toMatchObject({
      code: "conflict",
    });
    const first = await acknowledgeOne(key, clerk, context, { warningId: id, comment: "  Worked on the Sunday shift, paid on Monday " });
    expect(first).toMatchObject({ warningId: id, comment: "Worked on the Sunday shift, paid on Monday", userName: "Clara Clerk" });
    // Twice: the first acknowledgement stays, nothing new is recorded.
    expect(await acknowledgeOne(key, approver, context, { warningId: id, comment: "again" })).toEqual(first);
    expect(steps.filter((step) => step.kind === "month_close.acknowledged")).toEqual([
      expect.objectContaining({
        kind: "month_close.acknowledged",
        companyId: COMPANY,
        details: expect.objectContaining({
          round: 1,
          warningId: id,
          rule: "sundayPremium",
          employeeId: 2,
          entryKind: "hours",
          lineId: "h2",
          comment: "Worked on the Sunday shift, paid on Monday",
        }),
      }),
    ]);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
  });

  it("an edited line's changed warning needs a new acknowledgement; a reopened month's round starts without any", async () => {
    const { submitMonth, approveMonth, reopenMonth } = await service();
    const { saveEntryDraft } = await import("@/lib/payroll/entries/server/drafts");
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(), null);
    const id = `sundayPremium|2|hours|h2|date=${weekday()}`;
    await acknowledgeOne(key, clerk, context, { warningId: id, comment: "checked" });
    // Other hours on the same line: the warning says the same, it stays acknowledged.
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday("5"), null);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
    // An employee without lines appears after submitting (the service's list changed): the approver must acknowledge it.
    const withFour = {
      ...context,
      employees: [...context.employees, { id: 4, firstName: "Neu", lastName: "Person", healthInsurance: null }],
    };
    await expect(approveMonth(key, approver, withFour)).rejects.toMatchObject({
      code: "month_unacknowledged",
      message: "1 warning(s) of round 1 are not acknowledged.",
    });
    await acknowledgeOne(key, approver, withFour, { warningId: "noLines|4|||", comment: "Starts next month" });
    expect(await approveMonth(key, approver, withFour)).toMatchObject({ state: "approved" });
    await expect(acknowledgeOne(key, clerk, withFour, { warningId: id, comment: "late" })).rejects.toMatchObject({ code: "month_state" });
    await reopenMonth(key, approver, "Round two");
    await expect(submitMonth(key, clerk, context)).rejects.toMatchObject({ code: "month_unacknowledged" });
  });

  it("refuses approval while there are blockers (an insurer ended without a successor)", async () => {
    const { submitMonth, approveMonth } = await service();
    await submitMonth(key, clerk, context);
    const ended = {
      ...context,
      employees: context.employees.map((employee) => (employee.id === 1 ? { ...employee, healthInsurance: "999" } : employee)),
      insurers: [{ number: "999", name: "BKK Ende", availableFrom: null, availableTo: "2000-12-31", replacement: null }],
    };
    const refusal = await approveMonth(key, approver, ended).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_blocked", message: "The month has 1 blocker(s)." });
    expect((refusal as { body(): { blockers: { rule: string; employeeId: number }[] } }).body().blockers).toEqual([
      expect.objectContaining({ rule: "insurerEnded", employeeId: 1 }),
    ]);
  });

  /** The context with `count` more employees who have no line this month: one `noLines` warning each. */
  const withoutLines = (count: number) => ({
    ...context,
    employees: [
      ...context.employees,
      ...Array.from({ length: count }, (_, index) => ({
        id: 100 + index,
        firstName: "Ohne",
        lastName: `Zeile ${index}`,
        healthInsurance: null,
      })),
    ],
  });
  const noLinesIds = (count: number) => Array.from({ length: count }, (_, index) => `noLines|${100 + index}|||`);
  const acknowledgementCount = async () => {
    const { getDb } = await import("@/lib/db/client");
    return getDb().monthCloseAcknowledgement.count({ where: { monthClose: { connectionId } } });
  };

  it("acknowledges all of a rule's warnings at once with one comment: one acknowledgement and one audit entry each, earlier ones kept", async () => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const { submitMonth } = await service();
    const many = withoutLines(1000);
    const ids = noLinesIds(1000);
    await expect(submitMonth(key, clerk, many)).rejects.toMatchObject({
      code: "month_unacknowledged",
      message: "1000 warning(s) of round 1 are not acknowledged.",
    });
    const earlier = await acknowledgeOne(key, approver, many, { warningId: ids[5]!, comment: "Left in October" });
    steps.length = 0;

    // The list may repeat an id (a double click's second request): it counts once.
    const acknowledged = await acknowledgeWarnings(key, clerk, many, {
      warningIds: [...ids, ids[0]!],
      comment: " Not employed this month ",
    });
    expect(acknowledged).toHaveLength(1000);
    expect(acknowledged[0]).toMatchObject({ warningId: ids[0], comment: "Not employed this month", userName: "Clara Clerk" });
    expect(acknowledged[5]).toEqual(earlier);
    expect(await acknowledgementCount()).toBe(1000);
    const audited = steps.filter((step) => step.kind === "month_close.acknowledged");
    expect(audited).toHaveLength(999);
    expect(new Set(audited.map((step) => (step.kind === "month_close.acknowledged" ? step.details.employeeId : null))).size).toBe(999);
    expect(audited[0]).toMatchObject({
      actor: clerk,
      companyId: COMPANY,
      details: {
        round: 1,
        warningId: ids[0],
        rule: "noLines",
        employeeId: 100,
        entryKind: null,
        lineId: null,
        comment: "Not employed this month",
      },
    });

    // Again: everything is kept, nothing new recorded.
    steps.length = 0;
    expect(await acknowledgeWarnings(key, clerk, many, { warningIds: ids, comment: "again" })).toEqual(acknowledged);
    expect(steps).toEqual([]);
    expect(await submitMonth(key, clerk, many)).toMatchObject({ state: "in_review" });
  });

  it("refuses the whole list when some of its warnings are gone (409 naming how many): nothing is acknowledged", async () => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const refusal = await acknowledgeWarnings(key, clerk, withoutLines(3), {
      warningIds: [...noLinesIds(3), "noLines|9998|||", "noLines|9999|||"],
      comment: "ok",
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "conflict",
      message: "2 of the 5 warnings are no longer among the month's checks (their lines changed meanwhile); nothing was acknowledged.",
    });
    expect((refusal as { body(): { staleCount: number } }).body().staleCount).toBe(2);
    expect(await acknowledgementCount()).toBe(0);
    expect(steps).toEqual([]);
  });

  it("refuses a viewer, an empty comment and an empty list, for the whole list", async () => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const { acknowledgeBodySchema } = await import("../schemas");
    const many = withoutLines(3);
    await expect(acknowledgeWarnings(key, viewer, many, { warningIds: noLinesIds(3), comment: "ok" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: " \n " })).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "required" },
    });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u200b" })).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "invisible" },
    });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u00a0 \u2060" })).rejects.toMatchObject({
      code: "invalid",
      fields: { comment: "invisible" },
    });
    expect(
      acknowledgeBodySchema.safeParse({ period: key.period, warningIds: noLinesIds(1), comment: "\u200b\u200b" }).error?.issues[0],
    ).toMatchObject({ path: ["comment"], message: "invisible" });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: [], comment: "ok" })).rejects.toMatchObject({
      code: "invalid",
      fields: { warningIds: "count" },
    });
    expect(await acknowledgementCount()).toBe(0);
    // The route's body: 1 to 10,000 ids.
    const body = (count: number) => ({ period: key.period, warningIds: noLinesIds(count), comment: "ok" });
    expect(acknowledgeBodySchema.safeParse(body(10_000)).success).toBe(true);
    expect(acknowledgeBodySchema.safeParse(body(10_001)).error?.issues[0]).toMatchObject({ path: ["warningIds"], message: "count" });
    expect(acknowledgeBodySchema.safeParse(body(0)).error?.issues[0]).toMatchObject({ path: ["warningIds"], message: "count" });
  });
});
