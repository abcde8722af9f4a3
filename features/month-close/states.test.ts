import { describe, expect, it } from "vitest";
import { monthGate, warningId } from "./gate";
import { actionsFor, MONTH_ACTION_ORDER, type MONTH_STATES } from "./states";
import { monthTakesEdits } from "@/features/payroll/month-lock/states";

const me = "u1";
const view = (state: (typeof MONTH_STATES)[number], submittedById: string | null = null, fourEyes = false) => ({
  state,
  submittedById,
  fourEyes,
});

describe("actionsFor", () => {
  it("offers each role only what the table allows, per state", () => {
    expect(actionsFor(view("open"), { id: me, roles: ["clerk"] })).toEqual(["submit"]);
    expect(actionsFor(view("open"), { id: me, roles: ["approver"] })).toEqual([]);
    expect(actionsFor(view("open"), { id: me, roles: ["viewer"] })).toEqual([]);
    expect(actionsFor(view("in_review", me), { id: me, roles: ["clerk"] })).toEqual(["withdraw"]);
    expect(actionsFor(view("in_review", "other"), { id: me, roles: ["clerk"] })).toEqual([]);
    expect(actionsFor(view("in_review", "other"), { id: me, roles: ["approver"] })).toEqual(["approve"]);
    expect(actionsFor(view("approved"), { id: me, roles: ["clerk"] })).toEqual(["transfer"]);
    expect(actionsFor(view("approved"), { id: me, roles: ["approver"] })).toEqual(["transfer", "reopen"]);
    expect(actionsFor(view("transferred"), { id: me, roles: ["owner"] })).toEqual(["reopen"]);
    expect(actionsFor(view("transfer_unclear"), { id: me, roles: ["owner"] })).toEqual(["transfer", "check"]);
    expect(actionsFor(view("waiting_for_pay_run"), { id: me, roles: ["clerk"] })).toEqual(["transfer"]);
    // A live transfer's lease holds both Transfer and Check; a pending 10-minute re-read holds Transfer.
    const underWay = { startedAt: "", startedBy: null, heartbeatAt: "", checkableFrom: "" };
    expect(
      actionsFor({ ...view("transfer_unclear"), transferUnderWay: underWay }, { id: me, roles: ["owner"] }),
    ).toEqual([]);
    expect(
      actionsFor({ ...view("approved"), rereadDueAt: "2026-11-26T12:10:00Z" }, { id: me, roles: ["approver"] }),
    ).toEqual(["reopen"]);
  });

  it("hand in is the client's only action (Open); the firm sends back or submits a handed-in month", () => {
    expect(actionsFor(view("open"), { id: me, roles: ["client"] })).toEqual(["hand_in"]);
    expect(actionsFor(view("handed_in"), { id: me, roles: ["client"] })).toEqual([]);
    for (const state of ["in_review", "approved", "transferred", "transfer_unclear"] as const)
      expect(actionsFor(view(state, "other"), { id: me, roles: ["client"] })).toEqual([]);
    expect(actionsFor(view("open"), { id: me, roles: ["clerk"] })).toEqual(["submit"]);
    expect(actionsFor(view("handed_in"), { id: me, roles: ["clerk"] })).toEqual(["send_back", "submit"]);
    expect(actionsFor(view("handed_in"), { id: me, roles: ["owner"] })).toEqual(["send_back", "submit"]);
    expect(actionsFor(view("handed_in"), { id: me, roles: ["approver"] })).toEqual([]);
    expect(actionsFor(view("handed_in"), { id: me, roles: ["viewer"] })).toEqual([]);
  });

  it("the month lock: Open takes everyone's edits; Handed in the firm's, not the client's; other states nobody's", () => {
    expect(monthTakesEdits("open", ["client"])).toBe(true);
    expect(monthTakesEdits("handed_in", ["client"])).toBe(false);
    expect(monthTakesEdits("handed_in", ["clerk"])).toBe(true);
    expect(monthTakesEdits("in_review", ["owner"])).toBe(false);
  });

  it("four eyes: the submitter is not offered Approve; without it, an owner who submitted approves", () => {
    expect(actionsFor(view("in_review", me, true), { id: me, roles: ["owner"] })).toEqual(["withdraw"]);
    expect(actionsFor(view("in_review", me, false), { id: me, roles: ["owner"] })).toEqual(["withdraw", "approve"]);
  });
});

describe("the gate (gate.ts)", () => {
  const input = (hours: { id: string; employee_id: number; values: Record<string, string> }[]) => ({
    month: { period: "2026-11", hours, payments: [] },
    employees: [1, 2].map((id) => ({ id, firstName: "A", lastName: `B${id}`, healthInsurance: null })),
    insurers: [],
    employeeSettings: [],
    company: { federalState: "BY" as const, monthlyHoursLimit: 208 },
    publicHolidays: ["2026-11-01"],
    previous: null,
  });

  it("blockers are the engine's (validation, unknown employees); warnings are open until their id is acknowledged", () => {
    const gate = monthGate(
      input([
        { id: "a", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8", date: "2026-12-01" } },
        { id: "s", employee_id: 2, values: { type: "SUNDAY_PREMIUM", total_hours: "4", date: "2026-11-09" } },
        { id: "x", employee_id: 7, values: { type: "HOURLY_WAGE", total_hours: "1" } },
      ]),
      new Set(["sundayPremium|2|hours|s|date=2026-11-09"]),
    );
    expect(gate.blockers.map((finding) => [finding.rule, finding.lineId, finding.column])).toEqual([
      ["invalidValue", "a", "date"],
      ["unknownEmployee", "x", undefined],
    ]);
    expect(gate.warnings.map(warningId)).toEqual(["sundayPremium|2|hours|s|date=2026-11-09"]);
    expect(gate.unacknowledged).toEqual([]);
    expect(
      monthGate(
        input([{ id: "s", employee_id: 2, values: { type: "SUNDAY_PREMIUM", total_hours: "4", date: "2026-11-10" } }]),
        new Set(["sundayPremium|2|hours|s|date=2026-11-09"]),
      ).unacknowledged.map(warningId),
    ).toEqual(["noLines|1|||", "sundayPremium|2|hours|s|date=2026-11-10"]);
  });

  it("a warning's id is its rule, employee, grid, line and params, in a fixed order", () => {
    expect(
      warningId({ severity: "warning", rule: "payCap", employeeId: 3, params: { total: "650.00", cap: "556.00" } }),
    ).toBe("payCap|3|||cap=556.00;total=650.00");
  });
});

describe("MONTH_ACTION_ORDER", () => {
  it("follows the month's life: Submit before Send back, Withdraw before Approve, Transfer before Reopen and Check", () => {
    // Reopen and Check never show together (Reopen is not offered from Transfer unclear).
    expect(MONTH_ACTION_ORDER).toEqual([
      "hand_in",
      "submit",
      "send_back",
      "withdraw",
      "approve",
      "transfer",
      "reopen",
      "check",
    ]);
  });
});
