import { describe, expect, it } from "vitest";
import { blockersFor } from "./gate";
import { actionsFor, type MONTH_STATES } from "./states";

const me = "u1";
const view = (state: (typeof MONTH_STATES)[number], submittedById: string | null = null, fourEyes = false) => ({ state, submittedById, fourEyes });

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
  });

  it("four eyes: the submitter is not offered Approve; without it, an owner who submitted approves", () => {
    expect(actionsFor(view("in_review", me, true), { id: me, roles: ["owner"] })).toEqual(["withdraw"]);
    expect(actionsFor(view("in_review", me, false), { id: me, roles: ["owner"] })).toEqual(["withdraw", "approve"]);
  });
});

describe("blockersFor (the checks engine's seam)", () => {
  it("names each invalid field of both kinds by line and employee; blank lines are no blockers", () => {
    const blockers = blockersFor({
      period: "2026-11",
      employeeIds: [1, 2],
      hours: [
        { id: "a", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8", date: "2026-12-01" } },
        { id: "b", employee_id: 2, values: {} },
      ],
      payments: [{ id: "p", employee_id: 2, values: { type: "BONUS_PAYMENT" } }],
    });
    expect(blockers).toEqual([
      { kind: "hours", lineId: "a", employeeId: 1, field: "date", code: "outsideMonth:2026-11" },
      { kind: "payments", lineId: "p", employeeId: 2, field: "amount", code: expect.any(String) },
    ]);
    expect(blockersFor({ period: "2026-11", employeeIds: [1], hours: [{ id: "a", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8" } }], payments: [] })).toEqual([]);
  });
});
