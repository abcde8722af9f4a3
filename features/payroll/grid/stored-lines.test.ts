import { describe, expect, it } from "vitest";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { GridModel } from "./model";
import { storedLinesOf } from "./stored-lines";

const MONTH = "2026-11";

describe("storedLinesOf", () => {
  it("gives the draft's lines (an employee's blank first line left out), each line's object kept until it changes", () => {
    const model = new GridModel(
      gridSpecFor("payments", MONTH),
      { locale: "en", month: MONTH },
      [1, 2, 3],
      [
        { id: "a", employeeId: 1, cells: ["BONUS_PAYMENT", "1", "10"] },
        { id: "b", employeeId: 2, cells: ["BONUS_PAYMENT", "1", "20"] },
      ],
    );
    const first = storedLinesOf(model);
    expect(first).toEqual([
      { id: "a", employee_id: 1, values: { type: "BONUS_PAYMENT", count: "1", amount: "10" } },
      { id: "b", employee_id: 2, values: { type: "BONUS_PAYMENT", count: "1", amount: "20" } },
    ]);
    model.setText(model.lines[1]!, 2, "21");
    const second = storedLinesOf(model);
    // The checks copy the month's lines out of the grid after every edit: 9,000 of them, one of which changed.
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toEqual({ id: "b", employee_id: 2, values: { type: "BONUS_PAYMENT", count: "1", amount: "21" } });
    model.undo();
    expect(storedLinesOf(model)[1]?.values.amount).toBe("20");
  });
});
