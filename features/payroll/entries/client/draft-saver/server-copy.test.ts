import { describe, expect, it } from "vitest";
import { GridModel } from "@/features/payroll/grid/model";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { createConflictStore } from "./conflicts";
import { ServerCopy } from "./server-copy";

const MONTH = "2026-11";

function setup() {
  const model = new GridModel(
    gridSpecFor("payments", MONTH),
    { locale: "en", month: MONTH },
    [1, 2],
    [
      { id: "a", employeeId: 1, cells: ["BONUS_PAYMENT", "1", "10"] },
      { id: "b", employeeId: 2, cells: ["BONUS_PAYMENT", "1", "20"] },
    ],
  );
  const conflicts = createConflictStore();
  const sync = new ServerCopy(model, MONTH, { a: 3, b: 4 }, conflicts);
  const body = () =>
    JSON.parse(sync.patch()?.body ?? "null") as {
      changes: { id: string; base?: number; was?: Record<string, string> }[];
      removed: unknown[];
    } | null;
  const remoteLine = (id: string, employee: number, amount: string, revision: number) => ({
    id,
    revision,
    deleted: false,
    employee_id: employee,
    values: { type: "BONUS_PAYMENT", count: "1", amount },
  });
  return { model, conflicts, sync, body, remoteLine };
}

describe("ServerCopy", () => {
  it("shows others' lines, skips what it knows, and never overwrites an unsaved edit of the same line", () => {
    const { model, sync, body, remoteLine } = setup();
    const [a, b] = model.lines;
    model.setText(a!, 2, "11");
    const shown = sync.remote({
      revision: 6,
      lines: [
        remoteLine("a", 1, "99", 5),
        remoteLine("b", 2, "21", 6),
        remoteLine("b", 2, "0", 4),
        remoteLine("c", 2, "5", 6),
      ],
    });
    // a has an unsaved 11 here: not shown (this page's save meets the conflict); b and the new c are.
    expect(shown.map((change) => [change.id, change.cells[2]])).toEqual([
      ["b", "21"],
      ["c", "5"],
    ]);
    model.applyRemote(shown);
    sync.shown(shown);
    expect(a!.cells[2]).toBe("11");
    expect(b!.cells[2]).toBe("21");
    // The next save sends a with the base this page knew (3), so the server can tell the conflict; b and c count as saved.
    expect(body()?.changes.map((change) => [change.id, change.base, change.was])).toEqual([["a", 3, { amount: "10" }]]);
    // The same value saved elsewhere is no conflict: the line counts as saved at that revision.
    expect(sync.remote({ revision: 7, lines: [remoteLine("a", 1, "11", 7)] })).toEqual([]);
    expect(body()).toBeNull();
  });

  it("holds conflicting lines until chosen: theirs is shown, mine is sent again on top of theirs", () => {
    const { model, conflicts, sync, body, remoteLine } = setup();
    const [a, b] = model.lines;
    model.setText(a!, 2, "11");
    model.setText(b!, 2, "22");
    const patch = sync.patch()!;
    sync.settle(patch, { b: 8 }, [
      {
        id: "a",
        theirs: {
          revision: 7,
          employee_id: 1,
          values: { type: "BONUS_PAYMENT", count: "1", amount: "70" },
          by: "Dara Demir",
        },
        yours: { id: "a", employee_id: 1, values: {} },
      },
    ]);
    expect(conflicts.get().map((conflict) => conflict.id)).toEqual(["a"]);
    expect(body()).toBeNull();
    // A newer save of theirs while the choice is open becomes what "theirs" means.
    expect(sync.remote({ revision: 9, lines: [remoteLine("a", 1, "90", 9)] })).toEqual([]);
    expect(conflicts.get()[0]?.theirs.values?.amount).toBe("90");
    expect(sync.resolve("a", "mine")).toBeNull();
    expect(conflicts.get()).toEqual([]);
    // Built on their line: the cell is sent with their value as the one it changes.
    expect(body()?.changes).toEqual([
      {
        id: "a",
        employee_id: 1,
        values: { type: "BONUS_PAYMENT", count: "1", amount: "11" },
        base: 9,
        was: { amount: "90" },
      },
    ]);

    model.setText(b!, 2, "23");
    sync.settle(sync.patch()!, {}, [
      {
        id: "b",
        theirs: { revision: 10, employee_id: null, values: null, by: null },
        yours: { id: "b", employee_id: 2, values: {} },
      },
    ]);
    // Theirs was a removal: choosing it removes the line here.
    expect(sync.resolve("b", "theirs")).toEqual({ id: "b", employeeId: 2, cells: ["", "", ""], deleted: true });
  });

  it("bases an edit on the value its editor opened with, when someone else's save is shown meanwhile (Claudia types 9, Dara saves 10)", () => {
    const { model, sync, body, remoteLine } = setup();
    const [a] = model.lines;
    // Claudia's editor opens on a's amount (10); Dara's 12 is saved and shown while she types.
    const startedFrom = a!.cells[2]!;
    const shown = sync.remote({ revision: 5, lines: [remoteLine("a", 1, "12", 5)] });
    model.applyRemote(shown);
    sync.shown(shown);
    expect(a!.cells[2]).toBe("12");
    // She commits 9: the save names 10 (what her edit began from), so the server finds Dara's 12 in its way.
    model.setText(a!, 2, "9", startedFrom);
    expect(body()?.changes).toEqual([
      {
        id: "a",
        employee_id: 1,
        values: { type: "BONUS_PAYMENT", count: "1", amount: "9" },
        base: 5,
        was: { amount: "10" },
      },
    ]);
    // An edit that began after Dara's value was shown is based on it.
    model.undo();
    // Back at the saved value: no cell changed (the saver looks after every change), and the old base is gone.
    expect(body()?.changes[0]?.was).toEqual({});
    model.setText(a!, 2, "8", a!.cells[2]);
    expect(body()?.changes[0]?.was).toEqual({ amount: "12" });
  });
});
