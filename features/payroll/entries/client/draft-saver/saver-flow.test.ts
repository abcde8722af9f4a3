import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { draftPatchBodySchema } from "@/features/payroll/entries/schemas";
import type { DraftConflictDetail } from "@/features/payroll/entries/draft-answers";
import type { DraftBackupStorage } from "./local-backup";
import { saveWhenLeaving } from "./page-leave";
import type { SaveAnswer } from "./save-answer";
import { DraftSaver } from "./saver";
import { MONTH, twoLineModel as newModel } from "./testing/two-lines";

// The saver's flow with fake timers: one save at a time, debounce, saving as the page is left,
// the hand-off to the next page, and conflicts.

/** localStorage shared by the pages of one browser: each page's entry under its own key. */
function sharedStorage() {
  const entries = new Map<string, string>();
  const page = (name: string): DraftBackupStorage => ({
    takeAll: () => {
      const taken = [...entries.values()];
      entries.clear();
      return taken;
    },
    write: (body) => void entries.set(name, body),
    clear: () => void entries.delete(name),
  });
  return { entries, page };
}

/** A send whose answers the test gives, one by one. */
function controlledSend() {
  const calls: {
    body: string;
    keepalive: boolean;
    answer: (value: SaveAnswer) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const send = vi.fn(
    (body: string, keepalive: boolean) =>
      new Promise<SaveAnswer>((answer, fail) => {
        calls.push({ body, keepalive, answer, fail });
      }),
  );
  return { send, calls };
}

const changesOf = (body: string) => draftPatchBodySchema.parse(JSON.parse(body)).changes;
const amountsOf = (body: string) => changesOf(body).map((change) => [change.id, change.values.amount]);

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = "visible";
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("DraftSaver's flow", () => {
  it("debounces: saves 500 ms after the last edit, and within 1.2 s of the first while typing goes on", async () => {
    const model = newModel();
    const send = vi.fn(async (body: string): Promise<SaveAnswer> => {
      void body;
      return { revision: 5, lineRevisions: { a: 5 } };
    });
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup: null });
    const stop = saver.start();
    model.setText(model.lines[0]!, 2, "11");
    expect(saver.status.get().state).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(499);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(saver.status.get().state).toBe("saved");

    // Typing every 300 ms: never 500 ms quiet, yet saved 1.2 s after the first unsaved edit.
    for (let step = 0; step < 4; step += 1) {
      model.setText(model.lines[0]!, 2, String(12 + step));
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(send).toHaveBeenCalledTimes(2);
    expect(amountsOf(send.mock.calls[1]![0])).toEqual([["a", "15"]]);
    stop();
  });

  it("queues: one save at a time; edits made while one is under way go together in the next, built on its answer", async () => {
    const model = newModel();
    const { send, calls } = controlledSend();
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup: null });
    const stop = saver.start();
    model.setText(model.lines[0]!, 2, "11");
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    expect(saver.status.get().state).toBe("saving");
    model.setText(model.lines[0]!, 2, "12");
    model.setText(model.lines[1]!, 2, "21");
    await vi.advanceTimersByTimeAsync(5_000);
    // Still one request: the next waits for the first's answer.
    expect(calls).toHaveLength(1);
    calls[0]!.answer({ revision: 5, lineRevisions: { a: 5 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(
      changesOf(calls[1]!.body).map((change) => [change.id, change.base, change.values.amount, change.was]),
    ).toEqual([
      ["a", 5, "12", { amount: "11" }],
      ["b", 4, "21", { amount: "20" }],
    ]);
    calls[1]!.answer({ revision: 6, lineRevisions: { a: 6, b: 6 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status.get().state).toBe("saved");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
    stop();
  });

  it("keeps alive: leaving the page saves at once with a request that outlives it, once, and an ordinary save follows no more", async () => {
    const model = newModel();
    const { send, calls } = controlledSend();
    const commitOpenEdit = vi.fn();
    const saver = new DraftSaver({
      model,
      period: MONTH,
      lineRevisions: { a: 3, b: 4 },
      send,
      backup: null,
      commitOpenEdit,
    });
    const stop = saver.start();
    const page = { window: new EventTarget(), document: new FakeDocument() };
    const stopWatching = saveWhenLeaving(saver, page);
    model.setText(model.lines[0]!, 2, "11");
    page.window.dispatchEvent(new Event("pagehide"));
    expect(commitOpenEdit).toHaveBeenCalled();
    expect(calls.map((call) => [call.keepalive, amountsOf(call.body)])).toEqual([[true, [["a", "11"]]]]);
    // Leaving fires several events: the same edits are not sent twice.
    page.document.visibilityState = "hidden";
    page.document.dispatchEvent(new Event("visibilitychange"));
    const beforeUnload = new Event("beforeunload", { cancelable: true });
    page.window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(false);
    expect(calls).toHaveLength(1);
    calls[0]!.answer({ revision: 5, lineRevisions: { a: 5 } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(1);
    expect(saver.status.get().state).toBe("saved");

    // A page that stays (only hidden) saves its next edits the same way when hidden again.
    model.setText(model.lines[1]!, 2, "21");
    page.document.dispatchEvent(new Event("visibilitychange"));
    expect(calls.map((call) => call.keepalive)).toEqual([true, true]);
    stopWatching();
    model.setText(model.lines[1]!, 2, "22");
    page.window.dispatchEvent(new Event("pagehide"));
    expect(calls).toHaveLength(2);
    stop();
  });

  it("hands off: what a page could not get confirmed is taken and saved by the next page of the draft, once", async () => {
    const storage = sharedStorage();
    const first = newModel();
    const leaving = new DraftSaver({
      model: first,
      period: MONTH,
      lineRevisions: { a: 3, b: 4 },
      // The keepalive request never gets an answer: the page is gone.
      send: () => new Promise<SaveAnswer>(() => {}),
      backup: storage.page("first"),
    });
    const stopFirst = leaving.start();
    const page = { window: new EventTarget(), document: new FakeDocument() };
    saveWhenLeaving(leaving, page);
    first.setText(first.lines[0]!, 2, "11");
    page.window.dispatchEvent(new Event("pagehide"));
    stopFirst();
    expect([...storage.entries.keys()]).toEqual(["first"]);

    const model = newModel();
    const send = vi.fn(async (body: string): Promise<SaveAnswer> => {
      void body;
      return { revision: 5, lineRevisions: { a: 5 } };
    });
    const next = new DraftSaver({
      model,
      period: MONTH,
      lineRevisions: { a: 3, b: 4 },
      send,
      backup: storage.page("second"),
    });
    const stop = next.start();
    expect(model.lines[0]!.cells[2]).toBe("11");
    await vi.advanceTimersByTimeAsync(500);
    expect(send.mock.calls.map((call) => amountsOf(call[0]))).toEqual([[["a", "11"]]]);
    expect(storage.entries.size).toBe(0);
    stop();
  });

  it("holds conflicts: a 409 names each line someone else changed; the others count as saved, the line waits for a choice", async () => {
    const model = newModel();
    const { send, calls } = controlledSend();
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup: null });
    const stop = saver.start();
    model.setText(model.lines[0]!, 2, "11");
    model.setText(model.lines[1]!, 2, "21");
    await vi.advanceTimersByTimeAsync(500);
    expect(changesOf(calls[0]!.body).map((change) => [change.id, change.was])).toEqual([
      ["a", { amount: "10" }],
      ["b", { amount: "20" }],
    ]);
    const detail: DraftConflictDetail = {
      revision: 7,
      lineRevisions: { a: 7 },
      merged: [],
      conflicts: [
        {
          id: "b",
          theirs: {
            revision: 6,
            employee_id: 2,
            values: { type: "BONUS_PAYMENT", count: "1", amount: "30" },
            by: "Bea",
          },
          yours: { id: "b", employee_id: 2, values: { type: "BONUS_PAYMENT", count: "1", amount: "21" } },
        },
      ],
    };
    calls[0]!.fail(
      new ApiRequestError(409, { code: "draft_conflict", message: "Someone else changed these lines.", ...detail }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.conflicts.get().map((conflict) => [conflict.id, conflict.theirs.by])).toEqual([["b", "Bea"]]);
    expect(saver.status.get().state).toBe("saved");
    // Held: another edit elsewhere is saved without the contested line.
    model.setText(model.lines[0]!, 2, "12");
    await vi.advanceTimersByTimeAsync(500);
    expect(amountsOf(calls[1]!.body)).toEqual([["a", "12"]]);
    calls[1]!.answer({ revision: 8, lineRevisions: { a: 8 } });
    await vi.advanceTimersByTimeAsync(0);

    // Mine: sent again on top of theirs (their revision, their value as what the edit changes).
    saver.resolve("b", "mine");
    expect(saver.conflicts.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(
      changesOf(calls[2]!.body).map((change) => [change.id, change.base, change.values.amount, change.was]),
    ).toEqual([["b", 6, "21", { amount: "30" }]]);
    stop();
  });

  it("resolves a conflict for theirs by showing their line, saving nothing", async () => {
    const model = newModel();
    const { send, calls } = controlledSend();
    const saver = new DraftSaver({ model, period: MONTH, lineRevisions: { a: 3, b: 4 }, send, backup: null });
    const stop = saver.start();
    model.setText(model.lines[1]!, 2, "21");
    await vi.advanceTimersByTimeAsync(500);
    calls[0]!.fail(
      new ApiRequestError(409, {
        code: "draft_conflict",
        message: "Someone else changed these lines.",
        revision: 7,
        lineRevisions: {},
        merged: [],
        conflicts: [
          {
            id: "b",
            theirs: {
              revision: 6,
              employee_id: 2,
              values: { type: "BONUS_PAYMENT", count: "1", amount: "30" },
              by: null,
            },
            yours: { id: "b", employee_id: 2, values: { type: "BONUS_PAYMENT", count: "1", amount: "21" } },
          },
        ],
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    saver.resolve("b", "theirs");
    expect(model.lines[1]!.cells[2]).toBe("30");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(1);
    expect(saver.status.get().state).toBe("saved");
    stop();
  });
});
