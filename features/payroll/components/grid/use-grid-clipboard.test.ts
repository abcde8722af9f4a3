import type { ClipboardEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { GridModel } from "@/features/payroll/grid/model";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { useGridClipboard } from "./use-grid-clipboard";

function clipboardEvent(text = "") {
  const data = { text, prevented: false };
  const event = {
    clipboardData: { getData: () => data.text, setData: (_type: string, value: string) => (data.text = value) },
    preventDefault: () => (data.prevented = true),
  } as unknown as ClipboardEvent<HTMLDivElement>;
  return { event, data };
}

describe("useGridClipboard", () => {
  it("copies the selected block as the person writes numbers, cuts it as one undoable step, and pastes", async () => {
    const model = new GridModel(gridSpecFor("hours", "2026-11"), { locale: "de", month: "2026-11" }, [1, 2], []);
    model.paste(model.lines, 0, 0, [
      ["Stundenlohn", "8", "12,5"],
      ["Überstunden", "2,25", ""],
    ]);
    const pasted: number[] = [];
    // The hook keeps no React state: its handlers can be called directly.
    const clipboard = useGridClipboard({
      model,
      rows: model.lines,
      columns: model.spec.columns,
      locale: "de",
      selection: { row: 1, col: 1, anchorRow: 0, anchorCol: 1 },
      editing: false,
      onPasted: (result) => pasted.push(result.cells),
    });

    const copy = clipboardEvent();
    clipboard.onCopy(copy.event);
    expect(copy.data).toEqual({ text: "8\r\n2,25", prevented: true });

    const cut = clipboardEvent();
    clipboard.onCut(cut.event);
    expect(cut.data).toEqual({ text: "8\r\n2,25", prevented: true });
    expect(model.lines.map((line) => line.cells.slice(0, 3))).toEqual([
      ["HOURLY_WAGE", "", "12.5"],
      ["ADDITIONAL_OVERTIME", "", ""],
    ]);
    model.undo();
    expect(model.lines.map((line) => line.cells[1])).toEqual(["8", "2.25"]);

    const paste = clipboardEvent("7\r\n3,5");
    clipboard.onPaste(paste.event);
    expect(paste.data.prevented).toBe(true);
    // The clipboard's reader is loaded on first use (or focus): the paste lands once it is there.
    await vi.waitFor(() => expect(pasted).toEqual([2]));
    expect(model.lines.map((line) => line.cells[1])).toEqual(["7", "3.5"]);

    clipboard.onPaste(clipboardEvent("1").event);
    expect(pasted).toEqual([2, 2]); // loaded by now: at once (filling the two selected rows)
  });
});
