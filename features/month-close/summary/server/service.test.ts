import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { SessionUser } from "@/lib/auth/server/session-store";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import type { PayrollPageState } from "@/features/payroll/server/pages";
import type { MonthActor } from "../../server/audit";

// The approver's summary against the suite's Postgres and an in-process sandbox: a month of
// company 1001 with lines, the last transferred month before it, warnings acknowledged by the
// clerk, submitted for review; the approver's view of it, and a company the person cannot reach.

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const THOMAS_KEY = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const COMPANY = 1001;

type ReadyState = Extract<PayrollPageState, { kind: "ready" }>;

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });
const monthBefore = (period: string) => {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
};

async function person(name: string, stamp: number) {
  const { getDb } = await import("@/lib/db/client");
  return getDb().user.create({ data: { accountingUserId: `summary-${name}-${stamp}`, displayName: name } });
}

function sessionUser(
  user: { id: string; displayName: string | null },
  workspace: SessionUser["workspace"],
): SessionUser {
  return {
    id: user.id,
    sessionId: "test",
    accountingUserId: user.id,
    verifiedEmail: null,
    displayName: user.displayName,
    email: null,
    selectedBusinessId: null,
    leadBusinessId: null,
    businessIds: [],
    confirmedBy: "accounting",
    hasPasskey: false,
    mustAddPasskey: false,
    confirmedAt: new Date(),
    connection: null,
    legacyConnection: null,
    workspace,
  };
}

// A workspace with a clerk and an approver, Sabine's payroll connected by the approver (owner too).
const it = test.extend("firm", { scope: "file" }, async () => {
  const { getDb } = await import("@/lib/db/client");
  const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
  const { payrollFor } = await import("@/features/payroll/server/access");
  const { requireCompany } = await import("@/features/payroll/connection/server/companies");
  const stamp = Date.now();
  const [clerkUser, approverUser, outsiderUser] = await Promise.all([
    person("Clara Clerk", stamp),
    person("Arne Approver", stamp),
    person("Otto Outsider", stamp),
  ]);
  const workspace = await getDb().workspace.create({
    data: {
      name: `Summary ${stamp}`,
      fourEyes: true,
      members: {
        create: [
          { userId: clerkUser.id, roles: ["clerk"] },
          { userId: approverUser.id, roles: ["owner", "approver"] },
        ],
      },
    },
  });
  await connectPayroll({ userId: approverUser.id, workspaceId: workspace.id }, { apiKey: SABINE_KEY }, null);
  const approverPayroll = await payrollFor({ userId: approverUser.id, workspaceId: workspace.id }, "payroll.read");
  const company = await requireCompany(approverPayroll.connection.id, COMPANY, approverPayroll.client);
  const key: MonthKey = {
    connectionId: approverPayroll.connection.id,
    companyId: COMPANY,
    period: company.current_month,
  };
  const approverState: ReadyState = {
    kind: "ready",
    user: sessionUser(approverUser, {
      id: workspace.id,
      name: workspace.name,
      personal: false,
      roles: ["owner", "approver"],
      requirePasskey: false,
    }),
    ...approverPayroll,
  };
  const clerk: MonthActor = { workspaceId: workspace.id, userId: clerkUser.id, name: "Clara Clerk", roles: ["clerk"] };
  // Another firm, with Thomas's payroll (company 2001, not 1001).
  const other = await getDb().workspace.create({
    data: { name: `Other ${stamp}`, members: { create: [{ userId: outsiderUser.id, roles: ["owner"] }] } },
  });
  await connectPayroll({ userId: outsiderUser.id, workspaceId: other.id }, { apiKey: THOMAS_KEY }, null);
  const outsiderPayroll = await payrollFor({ userId: outsiderUser.id, workspaceId: other.id }, "payroll.read");
  const outsiderState: ReadyState = {
    kind: "ready",
    user: sessionUser(outsiderUser, {
      id: other.id,
      name: other.name,
      personal: false,
      roles: ["owner"],
      requirePasskey: false,
    }),
    ...outsiderPayroll,
  };
  return { key, approverState, outsiderState, clerk, approverUserId: approverUser.id };
});

describe("approverSummary", () => {
  it("compares each employee with the last transferred month, lists flagged lines with acknowledgements, totals by type", async ({
    firm,
  }) => {
    const { getDb } = await import("@/lib/db/client");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    const { checkContext } = await import("../../server/check-input");
    const { monthGate, warningId } = await import("../../gate");
    const { acknowledgeWarnings } = await import("../../server/acknowledgements");
    const { submitMonth } = await import("../../server/service");
    const { approverSummary } = await import("./service");
    const { key, clerk } = firm;
    const previous = monthBefore(key.period);
    // The last transferred month: employee 1 worked 100 h at 15 €, employee 2 10 h and a 50 € bonus.
    await getDb().payrollEntryTransfer.createMany({
      data: [
        {
          connectionId: key.connectionId,
          companyId: COMPANY,
          period: previous,
          kind: "hours",
          userId: firm.approverUserId,
          userName: "Arne",
          outcome: "succeeded",
          lines: [
            line("a", 1, { type: "HOURLY_WAGE", total_hours: "100", total_amount: "15" }),
            line("b", 2, { type: "HOURLY_WAGE", total_hours: "10", total_amount: "15" }),
          ],
          lineCount: 2,
          totalCents: "165000",
        },
        {
          connectionId: key.connectionId,
          companyId: COMPANY,
          period: previous,
          kind: "payments",
          userId: firm.approverUserId,
          userName: "Arne",
          outcome: "succeeded",
          lines: [line("c", 2, { type: "BONUS_PAYMENT", amount: "50" })],
          lineCount: 1,
          totalCents: "5000",
        },
      ],
    });
    // This month: employee 1 worked 160 h and 8 Sunday hours; employee 2 10 h and a 75 € bonus; an invalid line counts nothing.
    await saveEntryDraft(
      { ...key, kind: "hours" },
      [
        line("h1", 1, { type: "HOURLY_WAGE", total_hours: "160", total_amount: "15" }),
        line("h2", 1, { type: "SUNDAY_PREMIUM", total_hours: "8", total_amount: "15", surcharge: "50" }),
        line("h3", 2, { type: "HOURLY_WAGE", total_hours: "10", total_amount: "15" }),
      ],
      null,
    );
    await saveEntryDraft({ ...key, kind: "payments" }, [line("p1", 2, { type: "BONUS_PAYMENT", amount: "75" })], null);

    // The clerk acknowledges every warning (changes, no lines for the others) and submits.
    const context = await checkContext(key, firm.approverState.client);
    const { monthLines } = await import("../../server/check-input");
    const gate = monthGate(
      { ...context, month: { period: key.period, ...(await monthLines(getDb(), key)) } },
      new Set(),
    );
    expect(gate.blockers).toEqual([]);
    const hoursChanged = gate.warnings.find((finding) => finding.rule === "hoursChanged" && finding.employeeId === 1)!;
    await acknowledgeWarnings(key, clerk, context, {
      warningIds: [warningId(hoursChanged)],
      comment: "Overtime agreed for the inventory",
    });
    await acknowledgeWarnings(key, clerk, context, {
      warningIds: gate.warnings.filter((finding) => finding !== hoursChanged).map(warningId),
      comment: "Checked",
    });
    await submitMonth(key, clerk, context);

    const result = await approverSummary(firm.approverState, String(COMPANY));
    if (result.kind !== "ready") throw new Error(result.kind);
    expect(result.close?.view.state).toBe("in_review");
    expect(result.close?.actions).toContain("approve");
    const { summary } = result;
    expect(summary.period).toBe(key.period);
    expect(summary.previous_period).toBe(previous);

    const first = summary.rows.find((row) => row.employee_id === 1)!;
    expect(first.worked_hours_micros).toEqual({ now: 160_000_000, before: 100_000_000, change_percent: 60 });
    // 160 h × 15 € and 8 Sunday hours × 15 € (the grid's compensation is hours × rate).
    expect(first.hours_pay_cents).toEqual({ now: 252_000, before: 150_000, change_percent: 68 });
    expect(first.payments_cents).toEqual({ now: 0, before: 0, change_percent: null });
    expect(first.hours_by_type).toEqual([
      { type: "HOURLY_WAGE", hours_micros: 160_000_000 },
      { type: "SUNDAY_PREMIUM", hours_micros: 8_000_000 },
    ]);
    const second = summary.rows.find((row) => row.employee_id === 2)!;
    expect(second.worked_hours_micros.change_percent).toBe(0);
    expect(second.payments_cents).toEqual({ now: 7_500, before: 5_000, change_percent: 50 });
    expect(second.total_cents).toEqual({ now: 22_500, before: 20_000, change_percent: 13 });
    // Every employee the service lists has a row, in the grid's order.
    expect(summary.rows.map((row) => row.employee_id)).toEqual(context.employees.map((employee) => employee.id));
    expect(summary.rows.find((row) => row.employee_id === 3)!.total_cents).toEqual({
      now: 0,
      before: 0,
      change_percent: null,
    });

    expect(summary.by_type).toEqual([
      {
        kind: "hours",
        type: "HOURLY_WAGE",
        hours_micros: { now: 170_000_000, before: 110_000_000, change_percent: 55 },
        amount_cents: { now: 255_000, before: 165_000, change_percent: 55 },
        lines: 2,
      },
      {
        kind: "hours",
        type: "SUNDAY_PREMIUM",
        hours_micros: { now: 8_000_000, before: 0, change_percent: null },
        amount_cents: { now: 12_000, before: 0, change_percent: null },
        lines: 1,
      },
      {
        kind: "payments",
        type: "BONUS_PAYMENT",
        hours_micros: null,
        amount_cents: { now: 7_500, before: 5_000, change_percent: 50 },
        lines: 1,
      },
    ]);
    expect(summary.totals.total_cents).toEqual({ now: 274_500, before: 170_000, change_percent: 61 });

    // The flagged lines: every warning, each with its acknowledgement (who, when, note).
    expect(summary.counts).toMatchObject({ blockers: 0, warnings: gate.warnings.length, unacknowledged: 0 });
    expect(summary.flagged).toHaveLength(gate.warnings.length);
    const flaggedChange = summary.flagged.find((flagged) => flagged.finding.rule === "hoursChanged")!;
    expect(flaggedChange.acknowledgement).toMatchObject({
      userName: "Clara Clerk",
      comment: "Overtime agreed for the inventory",
    });
    expect(Date.parse(flaggedChange.acknowledgement!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.flagged).toBeGreaterThanOrEqual(2);
    expect(first.unacknowledged).toBe(0);
    expect(summary.counts.by_rule.find((rule) => rule.rule === "noLines")?.count).toBe(context.employees.length - 2);
  });

  it("reaches only a company of the person's workspace connection", async ({ firm }) => {
    const { approverSummary } = await import("./service");
    expect(await approverSummary(firm.outsiderState, String(COMPANY))).toEqual({ kind: "not_reachable" });
    expect(await approverSummary(firm.approverState, "99999")).toEqual({ kind: "not_reachable" });
    expect(await approverSummary(firm.approverState, "1001; DROP")).toEqual({ kind: "not_reachable" });
  });
});
