"use client";

import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorBody, isTransient } from "@/components/ui/error-text";
import { apiFetchOrThrow } from "@/lib/http/browser-fetch";
import type { GridModel } from "@/lib/payroll-grid/model";
import type { EntryKind } from "@/lib/payroll-entries/kinds";
import { COMMIT_OPEN_EDIT } from "./cell-editor";
import { draftBody, fitsKeepalive, storedLinesOf } from "./draft-body";
import { dropUnsavedDraft, handoffKey, leaveUnsavedDraft } from "./draft-handoff";
import { entriesApiPath, payrollEntriesKeys } from "./query-keys";

export type DraftStatus = { state: "saved"; at: Date | null } | { state: "unsaved" } | { state: "saving" } | { state: "failed" } | { state: "frozen" };

/** The save status, kept apart from the page's state: only the indicator re-renders when it changes, never the grid. */
export class DraftStatusStore {
  status: DraftStatus = { state: "saved", at: null };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): DraftStatus => this.status;

  set(status: DraftStatus): void {
    if (status.state !== "saved" && status.state === this.status.state) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

/** Quiet time after an edit before saving, and the longest an edit waits while typing goes on: saved within 2 s. */
const QUIET_MS = 500;
const MAX_WAIT_MS = 1_200;

/** Tries of one save before it counts as failed (then the next save waits 2 s, 4 s, … 30 s). */
const SAVE_RETRIES = 2;

/**
 * Saves the grid's draft on the server after every change: debounced (saved within 2 s), one
 * request at a time, the whole draft first and after structural changes, otherwise only the lines
 * changed since the last save. Each save is a TanStack Query mutation (retried on network
 * failures and 5xx); the returned `flush()` saves now and resolves when saved. The component
 * calling this re-renders with the mutation's state: keep it small (see `DraftSaver`).
 */
export function useDraftSaver(model: GridModel, companyId: number, kind: EntryKind, period: string, initialRevision: number | null) {
  // The time of the last save is shown only for saves made here (a server-rendered time would not match the browser's zone).
  const [store] = useState(() => new DraftStatusStore());
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const { mutateAsync: putDraft } = useMutation({
    mutationKey: payrollEntriesKeys.draft(companyId, kind, period),
    mutationFn: (body: string) => apiFetchOrThrow<{ revision?: number }>(entriesApiPath(companyId, kind, "draft"), { method: "PUT", jsonText: body }),
    retry: (failures, error) => failures < SAVE_RETRIES && isTransient(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    // Offline, a save fails at once and says so ("not saved"), instead of waiting paused as "saving".
    networkMode: "always",
  });

  useEffect(() => {
    let savedVersion = model.version;
    // What the server holds: its revision, the structure and each line's revision when it was saved.
    let revision = initialRevision;
    let savedStructure = initialRevision === null ? -1 : model.structureVersion;
    let savedRevs = new Map(model.lines.map((line) => [line.id, line.rev]));
    let firstUnsaved: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Saves run one after another: each builds on the revision the previous one returned.
    let queue: Promise<void> = Promise.resolve();
    // Consecutive failed saves: the next try waits longer (2 s, 4 s, … 30 s) instead of hammering the server.
    let failures = 0;

    const save = (): Promise<void> => {
      queue = queue.then(() => saveNow());
      return queue;
    };

    // Saves under way (at most one from the queue, and one sent while leaving the page).
    let inFlight = 0;
    // The version a save sent while leaving the page carries: leaving fires several events.
    let leavingVersion: number | null = null;

    /** The request for what the model holds now: the changed lines when the server's draft is known and its lines are unchanged in number and order, else the whole draft. */
    const prepare = (whole: boolean) => {
      const patch = !whole && revision !== null && savedStructure === model.structureVersion;
      return {
        version: model.version,
        body: draftBody(model, period, patch && revision !== null ? { baseRevision: revision, savedRevs } : undefined),
        revs: new Map(model.lines.map((line) => [line.id, line.rev])),
        structure: model.structureVersion,
      };
    };

    const saveNow = async (prepared?: ReturnType<typeof prepare>, keepalive = false): Promise<void> => {
      if (!prepared && model.version === savedVersion) return;
      const { version, body, revs, structure } = prepared ?? prepare(false);
      store.set({ state: "saving" });
      inFlight += 1;
      try {
        // A keepalive save goes out at once (not through the mutation, which starts its request a few
        // promise turns later), while the page is being left.
        const saved = keepalive ? await apiFetchOrThrow<{ revision?: number }>(entriesApiPath(companyId, kind, "draft"), { method: "PUT", jsonText: body, keepalive: true }) : await putDraft(body);
        revision = saved.revision ?? null;
        savedStructure = structure;
        savedRevs = revs;
        savedVersion = version;
        failures = 0;
        if (model.version === version) firstUnsaved = null;
        store.set(model.version === version ? { state: "saved", at: new Date() } : { state: "unsaved" });
      } catch (error) {
        // Changed elsewhere meanwhile (draft_conflict), or not saved: the next save sends the whole draft.
        // The month went into review meanwhile (409 month_frozen): the typed values stay in the grid, said so.
        revision = null;
        savedStructure = -1;
        failures += 1;
        store.set({ state: errorBody(error).code === "month_frozen" ? "frozen" : "failed" });
      } finally {
        inFlight -= 1;
      }
    };

    const schedule = () => {
      // Edited again: the page was not left after all (a cancelled reload, back from the back/forward cache).
      if (handedOff) {
        dropUnsavedDraft(handoff);
        handedOff = false;
      }
      if (model.version === savedVersion) return;
      const now = Date.now();
      firstUnsaved ??= now;
      if (!failures) store.set({ state: "unsaved" });
      if (timer) clearTimeout(timer);
      const wait = failures ? Math.min(30_000, 1_000 * 2 ** failures) : Math.max(0, Math.min(QUIET_MS, firstUnsaved + MAX_WAIT_MS - now));
      timer = setTimeout(() => {
        timer = null;
        void save().then(() => {
          if (model.version !== savedVersion) schedule();
        });
      }, wait);
    };

    flushRef.current = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      return save();
    };
    /**
     * Saves what is unsaved now (an open cell editor's text first) with a request that outlives
     * the page (`keepalive`, at most 64 KiB): the whole draft, or the changed lines when only they
     * fit; true when nothing is left unsent. A draft too large even so is saved the ordinary way
     * (false: it may not arrive before the page goes).
     */
    const handoff = handoffKey(companyId, kind, period);
    let handedOff = false;
    const saveBeforeLeaving = (leaving: boolean): boolean => {
      window.dispatchEvent(new Event(COMMIT_OPEN_EDIT));
      if (model.version === savedVersion) return true;
      if (leaving) {
        // For the next page in this tab, which the server may render before this save is stored.
        leaveUnsavedDraft(handoff, storedLinesOf(model));
        handedOff = true;
      }
      if (model.version === leavingVersion) return true;
      if (timer) clearTimeout(timer);
      timer = null;
      // The whole draft when it fits: it cannot be refused as based on an older revision (the page
      // that loads next may have read the draft before the last save had been stored), and it
      // carries a save under way too, which the browser cancels when the page goes.
      let request = prepare(true);
      if (!fitsKeepalive(request.body) && inFlight === 0) request = prepare(false);
      if (!fitsKeepalive(request.body)) {
        void save();
        return false;
      }
      leavingVersion = request.version;
      // When the page stays (only hidden) and this save failed, leaving again tries again.
      const settled = () => {
        if (savedVersion !== request.version) leavingVersion = null;
      };
      if (inFlight > 0) {
        // Not through the queue (it waits for the save under way); which of the two the server stored last is not known here.
        void saveNow(request, true).then(() => {
          revision = null;
          savedStructure = -1;
          settled();
        });
      } else {
        queue = saveNow(request, true).then(settled);
      }
      return true;
    };

    const unsubscribe = model.subscribe(schedule);
    // Before a reload or another page: beforeunload comes before the browser asks for the next page
    // (pagehide only when its answer is there), so the draft is saved before that page reads it.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saveBeforeLeaving(true)) event.preventDefault();
    };
    // A closed tab, a phone's app switcher, a page put into the back/forward cache: no beforeunload.
    const pageHide = () => void saveBeforeLeaving(true);
    const visibilityChange = () => {
      if (document.visibilityState === "hidden") saveBeforeLeaving(false);
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("pagehide", pageHide);
    document.addEventListener("visibilitychange", visibilityChange);
    return () => {
      unsubscribe();
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", pageHide);
      document.removeEventListener("visibilitychange", visibilityChange);
      if (timer) clearTimeout(timer);
    };
  }, [model, companyId, kind, period, initialRevision, store, putDraft]);

  const flush = useCallback(() => flushRef.current(), []);
  return { status: store, flush };
}
