import { describe, expect, it } from "vitest";
import { GridModel } from "@/lib/payroll-grid/model";
import { gridSpecFor } from "@/lib/payroll-entries/grid-spec";
import { storedLinesSchema } from "@/lib/payroll-entries/schemas";
import { draftBody } from "./draft-body";

describe("draftBody", () => {
  it("sends every line whole, or only the lines changed since the last save, following edits although line JSON is cached", () => {
    const model = new GridModel(gridSpecFor("hours", "2026-11"), { locale: "de", month: "2026-11" }, [1, 2, 3], []);
    model.paste(model.lines, 0, 0, [["Stundenlohn", "8", "12,5"], ["", "", ""], ["Überstunden", "2", ""]]);
    const whole = JSON.parse(draftBody(model, "2026-11")) as { period: string; lines: unknown };
    expect(whole.period).toBe("2026-11");
    const lines = storedLinesSchema.parse(whole.lines);
    expect(lines.map((line) => line.values)).toEqual([{ type: "HOURLY_WAGE", total_hours: "8", total_amount: "12.5" }, {}, { type: "ADDITIONAL_OVERTIME", total_hours: "2" }]);

    const savedRevs = new Map(model.lines.map((line) => [line.id, line.rev]));
    model.setText(model.lines[0]!, 1, "9");
    const patch = JSON.parse(draftBody(model, "2026-11", { baseRevision: 4, savedRevs })) as { baseRevision: number; changes: { id: string; values: Record<string, string> }[] };
    expect(patch.baseRevision).toBe(4);
    expect(patch.changes).toEqual([{ id: model.lines[0]!.id, employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "9", total_amount: "12.5" } }]);
  });
});
