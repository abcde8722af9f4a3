import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startAccountingTestEnv } from "@/lib/accounting/testing/test-env";
import type { TestSandbox } from "@/sandbox/test-support";
import type { PayrollClient } from "@/lib/payroll/client";
import type { CompanyRecord } from "@/lib/payroll/companies";
import { PayrollNetworkError } from "@/lib/payroll/errors";
import type { MonthActor, MonthStep } from "./audit";
import type { MonthKey } from "./frozen";
import type { CheckContext } from "./gate";

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
  const { connectPayroll } = await import("@/lib/payroll/connection");
  const { payrollFor } = await import("@/lib/payroll/access");
  const { requireCompany } = await import("@/lib/payroll/companies");
  const db = getDb();
  const stamp = Date.now();
  const person = (name: string) => db.user.create({ data: { accountingUserId: `close-${name}-${stamp}`, displayName: name } });
  const [c, a, o, v] = await Promise.all([person("Clara Clerk"), person("Arne Approver"), person("Olga Owner"), person("Vera Viewer")]);
  const workspace = await db.workspace.create({
    data: {
      name: `Close ${stamp}`,
      members: { create: [{ userId: c.id, roles: ["clerk"] }, { userId: a.id, roles: ["approver"] }, { userId: o.id, roles: ["owner"] }, { userId: v.id, roles: ["viewer"] }] },
    },
  });
  workspaceId = workspace.id;
  const actor = (user: { id: string; displayName: string | null }, roles: MonthActor["roles"]): MonthActor => ({ workspaceId, userId: user.id, name: user.displayName ?? "", roles });
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
  const { getDb } = await import("@/lib/db/client");
  await getDb().monthClose.deleteMany({ where: { connectionId } });
  await getDb().workspace.update({ where: { id: workspaceId }, data: { fourEyes: null } });
  // The payroll module back to its seed: no stored hours or payments, no pay run, no faults.
  await sandbox.control("POST", "/reset");
  key = { connectionId, companyId: COMPANY, period: company.current_month };
  const { saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
  await saveEntryDraft({ ...key, kind: "hours" }, hoursLines(), null);
  await saveEntryDraft({ ...key, kind: "payments" }, paymentLines(), null);
});

async function service() {
  return import("./service");
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
    await expect(withdrawMonth(key, owner)).rejects.toMatchObject({ code: "forbidden", message: "Only the person who submitted the month may withdraw it." });
    await expect(submitMonth(key, clerk, context)).rejects.toMatchObject({ code: "month_state", message: "The month is in review; it cannot be submitted for review." });
    expect(await withdrawMonth(key, clerk)).toMatchObject({ state: "open", submittedBy: null });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.from}>${step.to}`)).toEqual(["submit:open>in_review", "withdraw:in_review>open"]);
  });

  it("refuses submit for a viewer or an approver alone (403) and while there are blockers (409 with them)", async () => {
    const { submitMonth } = await service();
    await expect(submitMonth(key, viewer, context)).rejects.toMatchObject({ code: "forbidden" });
    await expect(submitMonth(key, approver, context)).rejects.toMatchObject({ code: "forbidden" });
    const { saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
    await saveEntryDraft({ ...key, kind: "payments" }, [line("p1", 3, { type: "BONUS_PAYMENT", amount: "abc" }), line("p2", 4, { type: "NOPE", amount: "1" })], null);
    const refusal = await submitMonth(key, clerk, context).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "month_blocked" });
    expect((refusal as { body(): { blockers: unknown[] } }).body().blockers).toEqual([
      expect.objectContaining({ severity: "blocker", rule: "invalidValue", kind: "payments", lineId: "p1", employeeId: 3, column: "amount" }),
      expect.objectContaining({ severity: "blocker", rule: "invalidValue", kind: "payments", lineId: "p2", employeeId: 4, column: "type", params: expect.objectContaining({ error: "unknownType" }) }),
      expect.objectContaining({ severity: "blocker", rule: "unknownEmployee", kind: "payments", lineId: "p2", employeeId: 4 }),
    ]);
    expect(steps).toEqual([]);
  });
});

describe("frozen months", () => {
  it("refuses whole and patch saves with 409 month_frozen and keeps the stored draft", async () => {
    const { submitMonth, withdrawMonth } = await service();
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
    await submitMonth(key, clerk, context);
    const draft = await loadEntryDraft({ ...key, kind: "hours" });
    await expect(saveEntryDraft({ ...key, kind: "hours" }, [], null)).rejects.toMatchObject({ code: "month_frozen", message: "The month is in review." });
    await expect(patchEntryDraft({ ...key, kind: "hours" }, [{ ...line("h1", 1, { type: "HOURLY_WAGE", total_hours: "99" }), base: draft!.revision }], [], null)).rejects.toMatchObject({ code: "month_frozen" });
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
    expect(await approveMonth(key, approver, context)).toMatchObject({ state: "approved", approvedBy: "Arne Approver", submittedBy: "Clara Clerk" });
  });

  it("four eyes is on by default with two or more members: the submitter cannot approve until an owner switches it off (recorded)", async () => {
    const { approveMonth, submitMonth } = await service();
    const { setFourEyes, fourEyesSetting } = await import("./four-eyes");
    expect(await fourEyesSetting(workspaceId)).toEqual({ setting: null, effective: true, members: 4 });
    await submitMonth(key, owner, context);
    await expect(approveMonth(key, owner, context)).rejects.toMatchObject({ code: "four_eyes" });
    await expect(setFourEyes({ userId: clerk.userId, name: "Clara" }, workspaceId, false)).rejects.toMatchObject({ code: "forbidden" });
    expect(await setFourEyes({ userId: owner.userId, name: "Olga Owner" }, workspaceId, false)).toEqual({ setting: false, effective: false, members: 4 });
    expect(steps.at(-1)).toMatchObject({ kind: "workspace.four_eyes", enabled: false, actor: { userId: owner.userId, workspaceId } });
    expect(await approveMonth(key, owner, context)).toMatchObject({ state: "approved", fourEyes: false });
  });

  it("is off by default for a workspace of one", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { effectiveFourEyes } = await import("./four-eyes");
    const alone = await getDb().workspace.create({ data: { name: "alone", members: { create: [{ userId: owner.userId, roles: ["owner"] }] } } });
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
    expect(result).toMatchObject({ outcome: { hours: "succeeded", payments: "succeeded" }, monthClose: { state: "transferred" }, message: null });
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).body).toEqual([
      { company_id: COMPANY, employee_id: 1, type: "HOURLY_WAGE", total_hours: 7.5, total_amount: 14.5, date: `${company.current_month}-03` },
      { company_id: COMPANY, employee_id: 2, type: "SUNDAY_PREMIUM", total_hours: 4, total_amount: 15, surcharge: 50 },
    ]);
    expect((await sandbox.control("GET", `/payroll/companies/${COMPANY}/further_payments`)).body).toEqual([{ company_id: COMPANY, employee_id: 3, type: "BONUS_PAYMENT", count: 1, amount: 250 }]);
    await expect(transferMonth(key, clerk, client, company)).rejects.toMatchObject({ code: "month_state" });
    expect(steps.map((step) => step.kind === "month_close.step" && `${step.action}:${step.to}`)).toEqual(["submit:in_review", "approve:approved", "transfer:transfer_unclear", "transfer_result:transferred"]);
  });

  it("a pay-run refusal leaves the month Waiting for pay run with its drafts; a person sends again after it", async () => {
    const { transferMonth, monthCloseView } = await service();
    const { loadEntryDraft } = await import("@/lib/payroll-entries/drafts");
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
    await sandbox.control("POST", "/faults", { rules: [{ method: "POST", path: "/payroll/v1/companies/*/further_payments", kind: "drop_after_commit", times: 1 }] });
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
    const silent = { listEmployees: client.listEmployees.bind(client), transferHourlyCompensations: () => Promise.reject(new PayrollNetworkError("timed out", true)) } as unknown as PayrollClient;
    const unclear = await transferMonth(key, clerk, silent, company);
    expect(unclear).toMatchObject({ outcome: { hours: "unknown", payments: "not_sent" }, monthClose: { state: "transfer_unclear" } });
    // Reopening an unclear month is refused: the service may hold it.
    const { reopenMonth } = await service();
    await expect(reopenMonth(key, approver, "typo")).rejects.toMatchObject({ code: "month_state" });
    expect(await checkTransfer(key, clerk, client, company, client.baseUrl)).toMatchObject({ resolved: true, monthClose: { state: "approved" } });
    // A service that cannot be read back: nothing changes.
    await transferMonth(key, clerk, silent, company);
    expect(await checkTransfer(key, clerk, client, company, "https://payroll.example.com/api")).toMatchObject({ resolved: false, monthClose: { state: "transfer_unclear" } });
  });
});

describe("reopen", () => {
  it("an approver reopens with a reason as the next round; without a reason or as a clerk it is refused", async () => {
    const { reopenMonth, transferMonth, submitMonth } = await service();
    const { monthCloseBodySchema } = await import("./schemas");
    await expect(reopenMonth(key, approver, "too early")).rejects.toMatchObject({ code: "month_state" });
    await toApproved();
    await transferMonth(key, clerk, client, company);
    await expect(reopenMonth(key, clerk, "typo")).rejects.toMatchObject({ code: "forbidden" });
    await expect(reopenMonth(key, approver, "  ")).rejects.toMatchObject({ code: "invalid" });
    for (const invisible of ["\u200b", "\u00a0 \u2060", "\ufeff\u200e"]) {
      await expect(reopenMonth(key, approver, invisible)).rejects.toMatchObject({ code: "invalid", fields: { reason: "invisible" } });
      expect(monthCloseBodySchema.safeParse({ action: "reopen", period: key.period, reason: invisible }).error?.issues[0]).toMatchObject({ path: ["reason"], message: "invisible" });
    }
    const reopened = await reopenMonth(key, approver, "Hours of employee 2 were wrong");
    expect(reopened).toMatchObject({ state: "open", round: 2, reopenReason: "Hours of employee 2 were wrong", reopenedBy: "Arne Approver", submittedBy: null, approvedBy: null });
    expect(steps.at(-1)).toMatchObject({ action: "reopen", from: "transferred", to: "open", round: 2, details: { reason: "Hours of employee 2 were wrong" } });
    const { saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
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
        const { monthGate, warningId } = await import("./gate");
    const { saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
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
    await expect(acknowledgeOne(key, clerk, context, { warningId: id, comment: "   " })).rejects.toMatchObject({ code: "invalid", fields: { comment: "required" } });
    await expect(acknowledgeOne(key, clerk, context, { warningId: "noLines|9|||", comment: "ok" })).rejects.toMatchObject({ code: "conflict" });
    const first = await acknowledgeOne(key, clerk, context, { warningId: id, comment: "  Worked on the Sunday shift, paid on Monday " });
    expect(first).toMatchObject({ warningId: id, comment: "Worked on the Sunday shift, paid on Monday", userName: "Clara Clerk" });
    // Twice: the first acknowledgement stays, nothing new is recorded.
    expect(await acknowledgeOne(key, approver, context, { warningId: id, comment: "again" })).toEqual(first);
    expect(steps.filter((step) => step.kind === "month_close.acknowledged")).toEqual([
      expect.objectContaining({ kind: "month_close.acknowledged", companyId: COMPANY, details: expect.objectContaining({ round: 1, warningId: id, rule: "sundayPremium", employeeId: 2, entryKind: "hours", lineId: "h2", comment: "Worked on the Sunday shift, paid on Monday" }) }),
    ]);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
  });

  it("an edited line's changed warning needs a new acknowledgement; a reopened month's round starts without any", async () => {
    const { submitMonth, approveMonth, reopenMonth } = await service();
        const { saveEntryDraft } = await import("@/lib/payroll-entries/drafts");
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday(), null);
    const id = `sundayPremium|2|hours|h2|date=${weekday()}`;
    await acknowledgeOne(key, clerk, context, { warningId: id, comment: "checked" });
    // Other hours on the same line: the warning says the same, it stays acknowledged.
    await saveEntryDraft({ ...key, kind: "hours" }, sundayOnWeekday("5"), null);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review" });
    // An employee without lines appears after submitting (the service's list changed): the approver must acknowledge it.
    const withFour = { ...context, employees: [...context.employees, { id: 4, firstName: "Neu", lastName: "Person", healthInsurance: null }] };
    await expect(approveMonth(key, approver, withFour)).rejects.toMatchObject({ code: "month_unacknowledged", message: "1 warning(s) of round 1 are not acknowledged." });
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
    expect((refusal as { body(): { blockers: { rule: string; employeeId: number }[] } }).body().blockers).toEqual([expect.objectContaining({ rule: "insurerEnded", employeeId: 1 })]);
  });

  /** The context with `count` more employees who have no line this month: one `noLines` warning each. */
  const withoutLines = (count: number) => ({
    ...context,
    employees: [...context.employees, ...Array.from({ length: count }, (_, index) => ({ id: 100 + index, firstName: "Ohne", lastName: `Zeile ${index}`, healthInsurance: null }))],
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
    await expect(submitMonth(key, clerk, many)).rejects.toMatchObject({ code: "month_unacknowledged", message: "1000 warning(s) of round 1 are not acknowledged." });
    const earlier = await acknowledgeOne(key, approver, many, { warningId: ids[5]!, comment: "Left in October" });
    steps.length = 0;

    // The list may repeat an id (a double click's second request): it counts once.
    const acknowledged = await acknowledgeWarnings(key, clerk, many, { warningIds: [...ids, ids[0]!], comment: " Not employed this month " });
    expect(acknowledged).toHaveLength(1000);
    expect(acknowledged[0]).toMatchObject({ warningId: ids[0], comment: "Not employed this month", userName: "Clara Clerk" });
    expect(acknowledged[5]).toEqual(earlier);
    expect(await acknowledgementCount()).toBe(1000);
    const audited = steps.filter((step) => step.kind === "month_close.acknowledged");
    expect(audited).toHaveLength(999);
    expect(new Set(audited.map((step) => (step.kind === "month_close.acknowledged" ? step.details.employeeId : null))).size).toBe(999);
    expect(audited[0]).toMatchObject({ actor: clerk, companyId: COMPANY, details: { round: 1, warningId: ids[0], rule: "noLines", employeeId: 100, entryKind: null, lineId: null, comment: "Not employed this month" } });

    // Again: everything is kept, nothing new recorded.
    steps.length = 0;
    expect(await acknowledgeWarnings(key, clerk, many, { warningIds: ids, comment: "again" })).toEqual(acknowledged);
    expect(steps).toEqual([]);
    expect(await submitMonth(key, clerk, many)).toMatchObject({ state: "in_review" });
  });

  it("refuses the whole list when some of its warnings are gone (409 naming how many): nothing is acknowledged", async () => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const refusal = await acknowledgeWarnings(key, clerk, withoutLines(3), { warningIds: [...noLinesIds(3), "noLines|9998|||", "noLines|9999|||"], comment: "ok" }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "conflict", message: "2 of the 5 warnings are no longer among the month's checks (their lines changed meanwhile); nothing was acknowledged." });
    expect((refusal as { body(): { staleCount: number } }).body().staleCount).toBe(2);
    expect(await acknowledgementCount()).toBe(0);
    expect(steps).toEqual([]);
  });

  it("refuses a viewer, an empty comment and an empty list, for the whole list", async () => {
    const { acknowledgeWarnings } = await import("./acknowledgements");
    const { acknowledgeBodySchema } = await import("./schemas");
    const many = withoutLines(3);
    await expect(acknowledgeWarnings(key, viewer, many, { warningIds: noLinesIds(3), comment: "ok" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: " \n " })).rejects.toMatchObject({ code: "invalid", fields: { comment: "required" } });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u200b" })).rejects.toMatchObject({ code: "invalid", fields: { comment: "invisible" } });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: noLinesIds(3), comment: "\u00a0 \u2060" })).rejects.toMatchObject({ code: "invalid", fields: { comment: "invisible" } });
    expect(acknowledgeBodySchema.safeParse({ period: key.period, warningIds: noLinesIds(1), comment: "\u200b\u200b" }).error?.issues[0]).toMatchObject({ path: ["comment"], message: "invisible" });
    await expect(acknowledgeWarnings(key, clerk, many, { warningIds: [], comment: "ok" })).rejects.toMatchObject({ code: "invalid", fields: { warningIds: "count" } });
    expect(await acknowledgementCount()).toBe(0);
    // The route's body: 1 to 10,000 ids.
    const body = (count: number) => ({ period: key.period, warningIds: noLinesIds(count), comment: "ok" });
    expect(acknowledgeBodySchema.safeParse(body(10_000)).success).toBe(true);
    expect(acknowledgeBodySchema.safeParse(body(10_001)).error?.issues[0]).toMatchObject({ path: ["warningIds"], message: "count" });
    expect(acknowledgeBodySchema.safeParse(body(0)).error?.issues[0]).toMatchObject({ path: ["warningIds"], message: "count" });
  });
});
