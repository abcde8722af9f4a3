"use client";

import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorBody, isTransient } from "@/components/ui/error-text";
import { ApiRequestError, apiFetchOrThrow } from "@/lib/http/browser-fetch";
import type { GridModel, RemoteLineChange } from "@/lib/payroll-grid/model";
import type { EntryKind } from "@/lib/payroll-entries/kinds";
import { COMMIT_OPEN_EDIT } from "./cell-editor";
import { fitsKeepalive, storedLinesOf, type DraftPatch } from "./draft-body";
import { ConflictStore, type DraftConflict, type RemoteLines } from "./draft-sync";
import { DraftSyncState } from "./draft-sync-state";
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

/** What the page was rendered with: the draft's revision and each stored line's. */
export interface InitialRevisions {
  revision: number;
  lineRevisions: Readonly<Record<string, number>>;
}

/** How the page's other parts reach the saver's knowledge of the server's lines. */
export interface DraftSync {
  /** Lines someone else saved (from the draft's event stream). */
  applyRemote: (changes: RemoteLines) => void;
  /** A conflict's choice: their value (shown, nothing saved) or mine (saved on top of theirs). */
  resolve: (id: string, keep: "theirs" | "mine") => void;
}

interface SaveAnswer {
  revision?: number;
  lineRevisions?: Record<string, number>;
}

/**
 * Saves the grid's draft on the server after every change: debounced (saved within 2 s), one
 * request at a time, the lines changed and removed since the last save, each with the server's
 * revision of it the change builds on. Lines someone else changed meanwhile come back as
 * conflicts: held (not sent again) until the person chooses (`sync.resolve`). Lines others saved
 * arrive through `sync.applyRemote` and are shown, except over this person's unsaved edit of the
 * same line: that save meets the conflict instead. Each save is a TanStack Query mutation
 * (retried on network failures and 5xx); `flush()` saves now and resolves when saved. The
 * component calling this re-renders with the mutation's state: keep it small (see `DraftSaver`).
 */
export function useDraftSaver(model: GridModel, companyId: number, kind: EntryKind, period: string, initial: InitialRevisions | null) {
  // The time of the last save is shown only for saves made here (a server-rendered time would not match the browser's zone).
  const [store] = useState(() => new DraftStatusStore());
  const [conflicts] = useState(() => new ConflictStore());
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const syncRef = useRef<DraftSync>({ applyRemote: () => {}, resolve: () => {} });
  const { mutateAsync: putDraft } = useMutation({
    mutationKey: payrollEntriesKeys.draft(companyId, kind, period),
    mutationFn: (body: string) => apiFetchOrThrow<SaveAnswer>(entriesApiPath(companyId, kind, "draft"), { method: "PUT", jsonText: body }),
    retry: (failures, error) => failures < SAVE_RETRIES && isTransient(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    // Offline, a save fails at once and says so ("not saved"), instead of waiting paused as "saving".
    networkMode: "always",
  });

  useEffect(() => {
    let savedVersion = model.version;
    // What the server holds as this page knows it (see draft-sync-state.ts).
    const sync = new DraftSyncState(model, period, initial?.lineRevisions ?? {}, conflicts);
    let firstUnsaved: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Saves run one after another: each builds on the revisions the previous one returned.
    let queue: Promise<void> = Promise.resolve();
    // Consecutive failed saves: the next try waits longer (2 s, 4 s, … 30 s) instead of hammering the server.
    let failures = 0;
    // Lines from the stream are being shown: not an edit to save.
    let applyingRemote = false;

    const save = (): Promise<void> => {
      queue = queue.then(() => saveNow());
      return queue;
    };

    // Saves under way (at most one from the queue, and one sent while leaving the page).
    let inFlight = 0;
    // The version a save sent while leaving the page carries: leaving fires several events.
    let leavingVersion: number | null = null;

    // The save under way (its lines, for a save sent while leaving that may overtake it).
    let sending: DraftPatch | null = null;
    const prepare = (overtaking?: DraftPatch | null) => ({ version: model.version, patch: sync.patch(overtaking ?? undefined) });

    const saveNow = async (prepared?: ReturnType<typeof prepare>, keepalive = false): Promise<void> => {
      if (!prepared && model.version === savedVersion) return;
      const { version, patch } = prepared ?? prepare();
      if (!patch) {
        savedVersion = version;
        store.set({ state: "saved", at: new Date() });
        return;
      }
      store.set({ state: "saving" });
      inFlight += 1;
      sending = patch;
      try {
        let answer: SaveAnswer;
        let found: DraftConflict[] = [];
        try {
          // A keepalive save goes out at once (not through the mutation, which starts its request a few
          // promise turns later), while the page is being left.
          answer = keepalive ? await apiFetchOrThrow<SaveAnswer>(entriesApiPath(companyId, kind, "draft"), { method: "PUT", jsonText: patch.body, keepalive: true }) : await putDraft(patch.body);
        } catch (error) {
          if (!(error instanceof ApiRequestError) || error.body.code !== "draft_conflict") throw error;
          // Someone else changed some of these lines meanwhile: the others were saved.
          const extra = error.body as unknown as { lineRevisions?: Record<string, number>; conflicts?: DraftConflict[] };
          answer = { lineRevisions: extra.lineRevisions ?? {} };
          found = extra.conflicts ?? [];
        }
        sync.settle(patch, answer.lineRevisions ?? {}, found);
        savedVersion = version;
        failures = 0;
        if (model.version === version) firstUnsaved = null;
        store.set(model.version === version ? { state: "saved", at: new Date() } : { state: "unsaved" });
      } catch (error) {
        // Not saved: the next save sends the same lines again.
        // The month went into review meanwhile (409 month_frozen): the typed values stay in the grid, said so.
        failures += 1;
        store.set({ state: errorBody(error).code === "month_frozen" ? "frozen" : "failed" });
      } finally {
        inFlight -= 1;
        if (sending === patch) sending = null;
      }
    };

    const schedule = () => {
      if (applyingRemote) return;
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

    /** Shows lines as the server has them, as saved (no save follows). */
    const show = (changes: RemoteLineChange[]) => {
      if (!changes.length) return;
      const wasSaved = model.version === savedVersion;
      applyingRemote = true;
      try {
        model.applyRemote(changes);
      } finally {
        applyingRemote = false;
      }
      sync.shown(changes);
      if (wasSaved) savedVersion = model.version;
    };

    syncRef.current = {
      applyRemote: (lines) => show(sync.remote(lines)),
      resolve: (id, keep) => {
        const theirs = sync.resolve(id, keep);
        if (theirs) return show([theirs]);
        // Mine, on top of theirs: saved with the next save.
        savedVersion = -1;
        schedule();
      },
    };

    flushRef.current = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      return save();
    };
    /**
     * Saves what is unsaved now (an open cell editor's text first) with a request that outlives
     * the page (`keepalive`, at most 64 KiB): the changed lines; true when nothing is left unsent.
     * Changes too large even so are saved the ordinary way (false: they may not arrive before the
     * page goes).
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
      const request = prepare(inFlight > 0 ? sending : null);
      if (!request.patch) return true;
      if (!fitsKeepalive(request.patch.body)) {
        void save();
        return false;
      }
      leavingVersion = request.version;
      // When the page stays (only hidden) and this save failed, leaving again tries again.
      const settled = () => {
        if (savedVersion !== request.version) leavingVersion = null;
      };
      // Not through the queue when a save is under way (it waits for that one): its lines carry what that
      // save sent (`prior`), so whichever of the two the server stores last, the newer values stay.
      if (inFlight > 0) void saveNow(request, true).then(settled);
      else queue = saveNow(request, true).then(settled);
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
  }, [model, companyId, kind, period, initial, store, conflicts, putDraft]);

  const flush = useCallback(() => flushRef.current(), []);
  const applyRemote = useCallback((changes: RemoteLines) => syncRef.current.applyRemote(changes), []);
  const resolve = useCallback((id: string, keep: "theirs" | "mine") => syncRef.current.resolve(id, keep), []);
  return { status: store, flush, conflicts, applyRemote, resolve };
}
