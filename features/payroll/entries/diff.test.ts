import { describe, expect, it } from "vitest";
import { changedFields, diffLines } from "./diff";
import { HOURS_FIELDS } from "./kinds";

const line = (id: string, employee: number, hours: string, type = "HOURLY_WAGE") => ({
  id,
  employee_id: employee,
  values: { type, total_hours: hours },
});

describe("diffLines", () => {
  it("finds added, changed and removed lines by id", () => {
    const before = [line("a", 1, "8"), line("b", 2, "4"), line("c", 3, "2")];
    const after = [line("a", 1, "8"), line("b", 2, "5"), line("d", 4, "1")];
    const diff = diffLines(before, after, HOURS_FIELDS);
    expect(diff.unchanged).toBe(1);
    expect(diff.changed.map((change) => change.after.id)).toEqual(["b"]);
    expect(diff.added.map((added) => added.id)).toEqual(["d"]);
    expect(diff.removed.map((removed) => removed.id)).toEqual(["c"]);
    expect(changedFields(before[1]!, after[1]!, HOURS_FIELDS)).toEqual(["total_hours"]);
  });

  it("treats a retyped identical line as unchanged, and missing fields as empty", () => {
    const diff = diffLines(
      [line("a", 1, "8")],
      [{ id: "z", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8", date: "" } }],
      HOURS_FIELDS,
    );
    expect(diff).toEqual({ added: [], changed: [], removed: [], unchanged: 1 });
  });
});
