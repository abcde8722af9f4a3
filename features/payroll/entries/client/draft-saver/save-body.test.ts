import { describe, expect, it } from "vitest";
import { GridModel } from "@/features/payroll/grid/model";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { entryDraftBodySchema } from "@/features/payroll/entries/schemas";
import { draftPatch, savedLine, type SavedLine } from "./save-body";

describe("draftPatch", () => {
  it("sends the lines changed since the last save with their base revisions, and the removed ones, following edits although line JSON is cached", () => {
    const model = new GridModel(gridSpecFor("hours", "2026-11"), { locale: "de", month: "2026-11" }, [1, 2, 3], []);
    const saved = new Map<string, SavedLine>(model.lines.map((line) => [line.id, savedLine(line)]));
    expect(draftPatch(model, "2026-11", saved, new Map(), new Set())).toBeNull();
    model.paste(model.lines, 0, 0, [
      ["Stundenlohn", "8", "12,5"],
      ["", "", ""],
      ["Überstunden", "2", ""],
    ]);
    const first = draftPatch(model, "2026-11", saved, new Map(), new Set())!;
    const body = entryDraftBodySchema.parse(JSON.parse(first.body));
    expect("changes" in body && body.changes.map((line) => [line.values, line.base])).toEqual([
      [{ type: "HOURLY_WAGE", total_hours: "8", total_amount: "12.5" }, undefined],
      [{ type: "ADDITIONAL_OVERTIME", total_hours: "2" }, undefined],
    ]);
    for (const [id, line] of first.sent) saved.set(id, line);

    const serverRevs = new Map(model.lines.map((line) => [line.id, 4]));
    model.setText(model.lines[0]!, 1, "9");
    const removedLine = model.lines[2]!;
    model.removeLines([model.insertLineAfter(removedLine)]);
    saved.set("gone", { line: removedLine, rev: 0, cells: [] });
    serverRevs.set("gone", 3);
    const patch = JSON.parse(
      draftPatch(model, "2026-11", saved, serverRevs, new Set([model.lines[1]!.id]))!.body,
    ) as unknown;
    expect(patch).toEqual({
      period: "2026-11",
      // Each changed cell names the value its edit began from.
      changes: [
        {
          id: model.lines[0]!.id,
          employee_id: 1,
          values: { type: "HOURLY_WAGE", total_hours: "9", total_amount: "12.5" },
          base: 4,
          was: { total_hours: "8" },
        },
      ],
      removed: [{ id: "gone", base: 3 }],
    });
    // Sent while an earlier save is under way: each of its lines names the values sent there.
    const inFlight = draftPatch(model, "2026-11", saved, serverRevs, new Set())!;
    model.setText(model.lines[0]!, 1, "10");
    const overtaking = JSON.parse(draftPatch(model, "2026-11", saved, serverRevs, new Set(), inFlight)!.body) as {
      changes: { prior?: unknown }[];
    };
    expect(overtaking.changes[0]?.prior).toEqual({ type: "HOURLY_WAGE", total_hours: "9", total_amount: "12.5" });
    // A cell that changed under its open editor (someone else's save shown) names the value the edit began from.
    model.editBases.set(`${model.lines[0]!.id}\t2`, "7");
    model.setValues([{ line: model.lines[0]!, col: 2, value: "13" }]);
    const stale = JSON.parse(draftPatch(model, "2026-11", saved, serverRevs, new Set())!.body) as {
      changes: { was?: unknown }[];
    };
    expect(stale.changes[0]?.was).toEqual({ total_hours: "8", total_amount: "7" });
    // A line held for a conflict is not sent until it is resolved.
    expect(draftPatch(model, "2026-11", saved, serverRevs, new Set([model.lines[0]!.id, "gone"]))).toBeNull();
  });
});
