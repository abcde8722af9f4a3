import { describe, expect, it } from "vitest";
import { draftPatchChanges, type StoredLineState } from "./audit";

// A patch's audit entry from what it read and writes: the same rules as the whole save's SQL.

const stored = new Map<string, StoredLineState>([
  ["a", { employee_id: 1, deleted: false, values: { type: "HOURLY_WAGE", total_hours: "8", date: "" } }],
  ["b", { employee_id: 2, deleted: false, values: { type: "BONUS_PAYMENT" } }],
  ["blank", { employee_id: 3, deleted: false, values: { total_hours: "" } }],
  ["gone", { employee_id: 4, deleted: true, values: { type: "HOURLY_WAGE" } }],
]);

describe("draftPatchChanges", () => {
  it("lists exactly the changed cells, added and removed lines, and a line moved to another employee", () => {
    const changes = draftPatchChanges(
      stored,
      [
        { id: "a", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "7.5" } },
        { id: "b", employee_id: 5, values: { type: "BONUS_PAYMENT" } },
        { id: "gone", employee_id: 4, values: { type: "SUNDAY_PREMIUM" } },
        { id: "new-blank", employee_id: 6, values: { date: "" } },
      ],
      ["blank", "b-unknown"],
    );
    expect(changes).toEqual([
      { id: "a", change: "changed", employeeId: 1, cells: { total_hours: ["8", "7.5"] } },
      { id: "b", change: "changed", employeeId: 5, oldEmployeeId: 2 },
      // A line removed earlier (a marker) comes back as added.
      { id: "gone", change: "added", employeeId: 4, cells: { type: [null, "SUNDAY_PREMIUM"] } },
    ]);
  });

  it("records a removed line with what it held, and nothing for a blank one or one that writes the same", () => {
    expect(
      draftPatchChanges(
        stored,
        [{ id: "a", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8" } }],
        ["b", "blank"],
      ),
    ).toEqual([{ id: "b", change: "removed", employeeId: 2, cells: { type: ["BONUS_PAYMENT", null] } }]);
  });
});
