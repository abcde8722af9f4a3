import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { GridModel } from "@/features/payroll/grid/model";

// The saver tests' grid: November 2026's extra payments with two lines, a and b.

export const MONTH = "2026-11";

export function twoLineModel(): GridModel {
  return new GridModel(
    gridSpecFor("payments", MONTH),
    { locale: "en", month: MONTH },
    [1, 2],
    [
      { id: "a", employeeId: 1, cells: ["BONUS_PAYMENT", "1", "10"] },
      { id: "b", employeeId: 2, cells: ["BONUS_PAYMENT", "1", "20"] },
    ],
  );
}
