import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { gridSpecFor } from "@/features/payroll/entries/grid-spec";
import { GridModel } from "@/features/payroll/grid/model";
import { draftPatchBodySchema } from "@/features/payroll/entries/schemas";
import type { DraftBackupStorage } from "./local-backup";
import type { SaveAnswer } from "./save-answer";
import { DraftSaver } from "./saver";
import { MONTH, twoLineModel as newModel } from "./testing/two-lines";

/** localStorage as the saver sees it (one page's entry). */
function memoryBackup(): DraftBackupStorage & { text: string | null } {
  const storage = {
    text: null as string | null,
    takeAll: () => {
      const taken = storage.text === null ? [] : [storage.text];
      storage.text = null;
      return taken;
    },
    write: (body: string) => void (storage.text = body),
    clear: () => void (storage.text = null),
  };
  return storage;
}

const unreachable = () => new ApiRequestError(0, { code: "network", message: "The server could not be reached." });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("DraftSaver", () => {
  it("tries a failed save again by itself, says when, and keeps the edits in the browser until the server has them", async () => {
    const model = newModel();
    const backup = memoryBackup();
    let serverUp = false;
    const sent: string[] = [];
    const send = vi.fn(async (body: string): Promise<SaveAnswer> => {
      sent.push(body);
      if (!serverUp) throw unreachable();
      return { revision: 5, lineRevisions: { a: 5 } };
    });
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup });
    const stop = saver.start();
    model.setText(model.lines[0]!, 2, "11");
    // Kept right after the edit's task, before any save: a crash now loses nothing.
    await vi.advanceTimersByTimeAsync(0);
    expect(draftPatchBodySchema.parse(JSON.parse(backup.text ?? "null")).changes).toEqual([
      {
        id: "a",
        employee_id: 1,
        values: { type: "BONUS_PAYMENT", count: "1", amount: "11" },
        base: 3,
        was: { amount: "10" },
      },
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(send).toHaveBeenCalledTimes(1);
    // Failed: the status names the time of the next try (2 s later), and the edits stay kept.
    expect(saver.status.get()).toEqual({ state: "failed", retryAt: new Date("2026-11-26T10:00:02.500Z") });
    expect(backup.text).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(saver.status.get()).toEqual({ state: "failed", retryAt: new Date("2026-11-26T10:00:06.500Z") });
    // The server is back: the next try, with no new edit, saves; the browser forgets what the server confirmed.
    serverUp = true;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(sent[2]).toBe(sent[0]);
    expect(saver.status.get().state).toBe("saved");
    expect(backup.text).toBeNull();
    stop();
  });

  it("restores the edits an earlier page left unconfirmed and saves them, a cell someone else changed meanwhile built on the old value", async () => {
    const backup = memoryBackup();
    const first = newModel();
    const failing = new DraftSaver({
      model: first,
      period: MONTH,
      lineRevisions: { a: 3, b: 4 },
      send: () => Promise.reject(unreachable()),
      backup,
    });
    const stopFirst = failing.start();
    first.setText(first.lines[0]!, 2, "11");
    first.removeLines([first.insertLineAfter(first.lines[1]!)]);
    first.insertLineAfter(first.lines[1]!, ["BONUS_PAYMENT", "", "5"]);
    first.setText(first.lines[1]!, 2, "21");
    await vi.advanceTimersByTimeAsync(500);
    expect(failing.status.get().state).toBe("failed");
    stopFirst();

    // The page is reloaded: meanwhile someone else saved b's amount as 30.
    const model = new GridModel(
      gridSpecFor("payments", MONTH),
      { locale: "en", month: MONTH },
      [1, 2],
      [
        { id: "a", employeeId: 1, cells: ["BONUS_PAYMENT", "1", "10"] },
        { id: "b", employeeId: 2, cells: ["BONUS_PAYMENT", "1", "30"] },
      ],
    );
    const send = vi.fn(async (body: string): Promise<SaveAnswer> => {
      void body;
      return { revision: 7, lineRevisions: { a: 7 } };
    });
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 6 }, send, backup });
    const stop = saver.start();
    expect(model.lines.map((line) => line.cells[2])).toEqual(["11", "21", "5"]);
    await vi.advanceTimersByTimeAsync(500);
    const body = draftPatchBodySchema.parse(JSON.parse(send.mock.calls[0]![0]));
    expect(body.changes.map((change) => [change.id, change.base, change.was])).toEqual([
      ["a", 3, { amount: "10" }],
      // b's edit began from 20: the server finds 30 there and answers with a conflict, not an overwrite.
      ["b", 6, { amount: "20" }],
      [model.lines[2]!.id, undefined, undefined],
    ]);
    stop();
  });

  it("keeps a burst of edits in the browser once, right after the edits' own task, and at once when the page is left", async () => {
    const model = newModel();
    const backup = memoryBackup();
    const writes = vi.spyOn(backup, "write");
    const amounts = () =>
      draftPatchBodySchema.parse(JSON.parse(backup.text ?? "null")).changes.map((change) => change.values.amount);
    const send = () => new Promise<SaveAnswer>(() => undefined);
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup });
    const stop = saver.start();
    for (const amount of ["11", "12", "13"]) model.setText(model.lines[0]!, 2, amount);
    // Not within the edits' task (the grid paints them first: a paste's copy is half a megabyte) …
    expect(writes).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    // … but right after it, once, as the last edit left the line.
    expect(writes).toHaveBeenCalledTimes(1);
    expect(amounts()).toEqual(["13"]);
    // Leaving the page keeps what is due at once: its keepalive request may never be answered.
    model.setText(model.lines[1]!, 2, "21");
    expect(saver.saveBeforeLeaving(() => true)).toBe(true);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(amounts()).toEqual(["13", "21"]);
    stop();
  });

  it("shows the cells others saved in a line it saved (merged), as saved", async () => {
    const model = newModel();
    const send = async (): Promise<SaveAnswer> => ({
      revision: 6,
      lineRevisions: { a: 6 },
      merged: [{ id: "a", revision: 6, employee_id: 1, values: { type: "BONUS_PAYMENT", count: "4", amount: "11" } }],
    });
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup: null });
    const stop = saver.start();
    model.setText(model.lines[0]!, 2, "11");
    await vi.advanceTimersByTimeAsync(500);
    expect(model.lines[0]!.cells).toEqual(["BONUS_PAYMENT", "4", "11"]);
    expect(saver.status.get().state).toBe("saved");
    stop();
  });
});
