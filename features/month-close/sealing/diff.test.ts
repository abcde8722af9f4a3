import { describe, expect, it } from "vitest";
import { diffVersions } from "./diff";

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });

describe("diffVersions", () => {
  it("finds lines added, removed and changed, per employee in id order", () => {
    const before = {
      hours: [
        line("a", 2, { type: "HOURLY_WAGE", total_hours: "8", date: "2026-11-02" }),
        line("b", 1, { type: "HOURLY_WAGE", total_hours: "4" }),
      ],
      payments: [line("p", 1, { type: "BONUS_PAYMENT", amount: "100.00" })],
    };
    const after = {
      hours: [
        line("a", 2, { type: "HOURLY_WAGE", total_hours: "9.5", date: "2026-11-02" }),
        line("c", 3, { type: "SUNDAY_PREMIUM", total_hours: "2" }),
      ],
      payments: [line("p", 1, { type: "BONUS_PAYMENT", amount: "100.00" })],
    };
    expect(diffVersions(before, after)).toEqual([
      {
        employeeId: 1,
        lines: [
          {
            kind: "hours",
            lineId: "b",
            change: "removed",
            values: { type: "HOURLY_WAGE", total_hours: "4" },
            fields: [],
          },
        ],
      },
      {
        employeeId: 2,
        lines: [
          {
            kind: "hours",
            lineId: "a",
            change: "changed",
            values: { type: "HOURLY_WAGE", total_hours: "9.5", date: "2026-11-02" },
            fields: [{ field: "total_hours", from: "8", to: "9.5" }],
          },
        ],
      },
      {
        employeeId: 3,
        lines: [
          {
            kind: "hours",
            lineId: "c",
            change: "added",
            values: { type: "SUNDAY_PREMIUM", total_hours: "2" },
            fields: [],
          },
        ],
      },
    ]);
  });

  it("finds nothing between equal versions, and a field that appears counts as changed from empty", () => {
    const same = { hours: [line("a", 1, { type: "HOURLY_WAGE" })], payments: [] };
    expect(diffVersions(same, same)).toEqual([]);
    const more = { hours: [line("a", 1, { type: "HOURLY_WAGE", cost_center_id: "7" })], payments: [] };
    expect(diffVersions(same, more)[0]!.lines[0]!.fields).toEqual([{ field: "cost_center_id", from: "", to: "7" }]);
  });

  it("shows a line moved to another employee as removed from one and added to the other", () => {
    const before = { hours: [line("a", 1, { type: "HOURLY_WAGE" })], payments: [] };
    const after = { hours: [line("a", 2, { type: "HOURLY_WAGE" })], payments: [] };
    expect(diffVersions(before, after).map((e) => [e.employeeId, e.lines[0]!.change])).toEqual([
      [1, "removed"],
      [2, "added"],
    ]);
  });
});
