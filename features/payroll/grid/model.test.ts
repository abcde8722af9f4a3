import { describe, expect, it } from "vitest";
import { gridSpecFor, rateProposer } from "@/features/payroll/entries/grid-spec";
import { centsToDecimal } from "@/lib/money/decimal";
import { GridModel } from "./model";

const MONTH = "2026-11";
const hours = () => gridSpecFor("hours", MONTH);

function model(employees = [1, 2, 3], lines: { employeeId: number; cells: string[] }[] = []) {
  return new GridModel(hours(), { locale: "de", month: MONTH }, employees, lines);
}

describe("GridModel", () => {
  it("gives every employee a blank line and keeps draft lines grouped in employee order", () => {
    const grid = model(
      [1, 2, 3],
      [
        { employeeId: 3, cells: ["HOURLY_WAGE", "8"] },
        { employeeId: 1, cells: ["HOURLY_WAGE", "1"] },
        { employeeId: 3, cells: ["SUNDAY_PREMIUM"] },
      ],
    );
    expect(grid.lines.map((line) => line.employeeId)).toEqual([1, 2, 3, 3]);
    expect(grid.lines[2]?.cells[1]).toBe("8");
  });

  it("gives an employee's blank first line the same id on the server and in the browser", () => {
    const server = model([1, 2], [{ employeeId: 2, cells: ["HOURLY_WAGE", "8"] }]);
    const browser = model([1, 2], [{ employeeId: 2, cells: ["HOURLY_WAGE", "8"] }]);
    expect(server.lines[0]?.id).toBe(browser.lines[0]?.id);
    expect(server.lines[0]?.id).not.toBe(server.lines[1]?.id);
  });

  it("replaces every line in one undoable, structural step, totals following", () => {
    const grid = model([1, 2], [{ employeeId: 1, cells: ["HOURLY_WAGE", "8", "10"] }]);
    const structure = grid.structureVersion;
    grid.replaceLines([
      { id: "a", employeeId: 2, cells: ["HOURLY_WAGE", "2", "10"] },
      { id: "b", employeeId: 2, cells: ["HOURLY_WAGE", "1", "10"] },
    ]);
    expect(grid.structureVersion).toBe(structure + 1);
    expect(grid.lines.map((line) => [line.id, line.employeeId])).toEqual([
      ["p1", 1],
      ["a", 2],
      ["b", 2],
    ]);
    expect(grid.lineById("a")?.cells[1]).toBe("2");
    expect(centsToDecimal(grid.grandTotal)).toBe("30.00");
    grid.undo();
    expect(grid.lines.map((line) => line.employeeId)).toEqual([1, 2]);
    expect(grid.lineById("a")).toBeUndefined();
    expect(centsToDecimal(grid.grandTotal)).toBe("80.00");
  });

  it("validates as cells change, with totals per employee and type in exact cents", () => {
    const grid = model();
    const [first, second] = grid.lines;
    grid.setText(first!, 1, "7,5");
    expect(grid.problemCount).toBe(1); // type required once a line is not blank
    grid.setText(first!, 0, "Stundenlohn");
    grid.setText(first!, 2, "13,37");
    expect(grid.problemCount).toBe(0);
    expect(centsToDecimal(grid.employeeTotals.get(1)!)).toBe("100.28");
    grid.setText(second!, 0, "HOURLY_WAGE");
    grid.setText(second!, 1, "0,1");
    grid.setText(second!, 2, "0,3");
    expect(centsToDecimal(grid.groupTotals.get("HOURLY_WAGE")!)).toBe("100.31");
    grid.setText(second!, 1, "-2");
    expect(grid.outcome(second!).errors[1]).toBe("negative");
    expect(centsToDecimal(grid.grandTotal)).toBe("100.28");
    grid.setText(second!, 4, "31.12.2026");
    expect(grid.outcome(second!).errors[4]).toBe(`outsideMonth:${MONTH}`);
    expect(grid.problemCount).toBe(2);
  });

  it("pastes a block as one undo step and redoes it", () => {
    const grid = model();
    const result = grid.paste(grid.lines, 0, 0, [
      ["Stundenlohn", "8", "12,5"],
      ["HOURLY_WAGE", "4", "10"],
      ["Überstunden", "2", "15"],
      ["x", "1", "1"],
    ]);
    expect(result).toEqual({ cells: 9, skippedRows: 1, skippedColumns: 0 });
    expect(grid.lines.map((line) => line.cells.slice(0, 3))).toEqual([
      ["HOURLY_WAGE", "8", "12.5"],
      ["HOURLY_WAGE", "4", "10"],
      ["ADDITIONAL_OVERTIME", "2", "15"],
    ]);
    expect(centsToDecimal(grid.grandTotal)).toBe("170.00");
    grid.undo();
    expect(grid.lines.every((line) => line.cells.every((cell) => cell === ""))).toBe(true);
    expect(grid.grandTotal).toBe(0n);
    grid.redo();
    expect(centsToDecimal(grid.grandTotal)).toBe("170.00");
  });

  it("fills one value into a selection and fills down", () => {
    const grid = model();
    grid.paste(grid.lines, 0, 0, [["HOURLY_WAGE"]], { rowCount: 3, colCount: 1 });
    expect(grid.lines.map((line) => line.cells[0])).toEqual(["HOURLY_WAGE", "HOURLY_WAGE", "HOURLY_WAGE"]);
    grid.setText(grid.lines[0]!, 2, "12");
    grid.fillDown(grid.lines, 0, 2, 2, 2);
    expect(grid.lines.map((line) => line.cells[2])).toEqual(["12", "12", "12"]);
    grid.undo();
    expect(grid.lines.map((line) => line.cells[2])).toEqual(["12", "", ""]);
  });

  it("adds, removes and copies lines, each undoable", () => {
    const grid = model();
    const first = grid.lines[0]!;
    grid.setText(first, 0, "HOURLY_WAGE");
    const added = grid.insertLineAfter(first, ["SUNDAY_PREMIUM", "3"]);
    expect(grid.lines.map((line) => line.employeeId)).toEqual([1, 1, 2, 3]);
    grid.removeLines([added]);
    expect(grid.lines).toHaveLength(3);
    grid.undo();
    expect(grid.lines[1]).toBe(added);
    // The only line of an employee is cleared, not removed.
    grid.removeLines([grid.lines[2]!, grid.lines[0]!, grid.lines[1]!]);
    expect(grid.lines.map((line) => line.employeeId)).toEqual([1, 2, 3]);
    expect(grid.lines[0]?.cells[0]).toBe("");
    grid.undo();
    expect(grid.lines.map((line) => line.cells[0])).toEqual(["HOURLY_WAGE", "SUNDAY_PREMIUM", "", ""]);
    grid.setText(grid.lines[3]!, 0, "NIGHT_SUPPLEMENT");
    const copied = grid.copyLineTo(grid.lines[0]!, [2, 3]);
    expect(copied).toBe(2);
    expect(grid.lines.map((line) => `${line.employeeId}:${line.cells[0]}`)).toEqual([
      "1:HOURLY_WAGE",
      "1:SUNDAY_PREMIUM",
      "2:HOURLY_WAGE",
      "3:NIGHT_SUPPLEMENT",
      "3:HOURLY_WAGE",
    ]);
    grid.undo();
    expect(grid.lines.map((line) => `${line.employeeId}:${line.cells[0]}`)).toEqual([
      "1:HOURLY_WAGE",
      "1:SUNDAY_PREMIUM",
      "2:",
      "3:NIGHT_SUPPLEMENT",
    ]);
  });

  it("snapshots what a draft keeps and shows service issues until the line changes", () => {
    const grid = model();
    grid.setText(grid.lines[1]!, 0, "HOURLY_WAGE");
    expect(grid.snapshot()).toEqual([
      { id: grid.lines[1]!.id, employeeId: 2, cells: ["HOURLY_WAGE", "", "", "", "", "", ""] },
    ]);
    grid.setServiceIssues([{ lineId: grid.lines[1]!.id, col: 1, message: "no" }]);
    expect(grid.linesWithServiceIssues()).toEqual([grid.lines[1]]);
    grid.setText(grid.lines[1]!, 1, "3");
    expect(grid.linesWithServiceIssues()).toEqual([]);
  });

  it("shows lines others saved (set, added after the employee's lines, removed) as no undo step, dropping undo steps of those lines", () => {
    const grid = model(
      [1, 2, 3],
      [
        { employeeId: 1, cells: ["HOURLY_WAGE", "1", "10"] },
        { employeeId: 3, cells: ["HOURLY_WAGE", "3", "10"] },
      ],
    );
    const [first, second, third] = grid.lines;
    grid.setText(first!, 1, "2");
    grid.setText(second!, 0, "Stundenlohn");
    const structure = grid.structureVersion;
    grid.applyRemote([
      { id: first!.id, employeeId: 1, cells: ["HOURLY_WAGE", "5", "10"], deleted: false },
      { id: "new", employeeId: 2, cells: ["SUNDAY_PREMIUM", "1", "4"], deleted: false },
      { id: third!.id, employeeId: 3, cells: [], deleted: true },
      { id: "unknown", employeeId: 3, cells: [], deleted: true },
    ]);
    expect(grid.lines.map((line) => line.id)).toEqual([first!.id, second!.id, "new"]);
    expect(first!.cells.slice(0, 3)).toEqual(["HOURLY_WAGE", "5", "10"]);
    expect(centsToDecimal(grid.grandTotal)).toBe("54.00");
    expect(grid.structureVersion).toBe(structure + 1);
    // Undo reaches only this person's own edit of a line nobody else touched.
    expect(grid.undo()).toBe(true);
    expect(second!.cells[0]).toBe("");
    expect(grid.undo()).toBe(false);
    expect(first!.cells[1]).toBe("5");
    // A line of an employee without lines goes before the next employee's.
    const lone = model([1, 2, 3], []);
    lone.removeLines([]);
    lone.applyRemote([{ id: "x", employeeId: 4, cells: ["HOURLY_WAGE"], deleted: false }]);
    expect(lone.lines.map((line) => line.employeeId)).toEqual([1, 2, 3, 4]);
  });
});

describe("less typing", () => {
  it("proposes a remembered rate when a line's type is typed, only into an empty rate, in the same undo step", () => {
    const model = new GridModel(gridSpecFor("hours", "2026-11"), { locale: "en", month: "2026-11" }, [1, 2], []);
    model.propose = rateProposer("hours", { "1": { HOURLY_WAGE: "13.9" } });
    const [first, second] = model.lines;
    model.setText(first!, 0, "Hourly wage");
    expect(first!.cells.slice(0, 3)).toEqual(["HOURLY_WAGE", "", "13.9"]);
    model.undo();
    expect(first!.cells.slice(0, 3)).toEqual(["", "", ""]);
    // A rate typed first stays; another employee has nothing remembered.
    model.setText(first!, 2, "12");
    model.setText(first!, 0, "Hourly wage");
    expect(first!.cells[2]).toBe("12");
    model.setText(second!, 0, "Hourly wage");
    expect(second!.cells[2]).toBe("");
  });

  it("fills only a grid without content, as one undoable step", () => {
    const model = new GridModel(gridSpecFor("payments", "2026-11"), { locale: "en", month: "2026-11" }, [1, 2], []);
    const lines = [{ employeeId: 2, cells: ["BONUS_PAYMENT", "", "250"] }];
    expect(model.fillEmpty(lines)).toBe(true);
    expect(model.filledLines().map((line) => [line.employeeId, ...line.cells])).toEqual([
      [2, "BONUS_PAYMENT", "", "250"],
    ]);
    expect(model.lines.map((line) => line.employeeId)).toEqual([1, 2]);
    expect(model.fillEmpty(lines)).toBe(false);
    model.undo();
    expect(model.filledLines()).toEqual([]);
    model.setText(model.lines[0]!, 2, "5");
    expect(model.fillEmpty(lines)).toBe(false);
    expect(model.filledLines()).toHaveLength(1);
  });
});
