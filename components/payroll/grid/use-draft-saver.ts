"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isTransient } from "@/components/ui/error-text";
import { entriesApi } from "@/lib/payroll/entries/client/api";
import type { GridModel } from "@/lib/payroll/grid/model";
import type { EntryKind } from "@/lib/payroll/entries/kinds";
import { COMMIT_OPEN_EDIT } from "./cell-editor";
import { fitsKeepalive } from "./draft-body";
import { draftBackupKey, localDraftBackup } from "./draft-backup";
import { DraftSaverCore } from "./draft-saver-core";
import { newClientId } from "./draft-sync";
import { payrollEntriesKeys } from "./query-keys";

/** Tries of one save before it counts as failed (then the saver tries again by itself: draft-saver-core.ts). */
const SAVE_RETRIES = 2;

/** What the page was rendered with: the draft's revision and each stored line's. */
export interface InitialRevisions {
  revision: number;
  lineRevisions: Readonly<Record<string, number>>;
}

export interface DraftSaverInput {
  model: GridModel;
  companyId: number;
  kind: EntryKind;
  period: string;
  initial: InitialRevisions | null;
  /** Whose edits these are (person and payroll connection): the key under which the browser keeps them until saved. */
  owner: string;
}

/**
 * The page's draft saver (draft-saver-core.ts): each save a TanStack Query mutation (retried on
 * network failures and 5xx), a save sent as the page is left a keepalive request, edits not yet
 * confirmed kept in localStorage for the person and draft. The component calling this re-renders
 * with the mutation's state: keep it small (see `DraftSaver`).
 */
export function useDraftSaver({ model, companyId, kind, period, initial, owner }: DraftSaverInput): DraftSaverCore {
  const { mutateAsync: putDraft } = useMutation({
    mutationKey: payrollEntriesKeys.draft(companyId, kind, period),
    mutationFn: (body: string) => entriesApi.saveDraft({ companyId, kind }, { jsonText: body }),
    retry: (failures, error) => failures < SAVE_RETRIES && isTransient(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    // Offline, a save fails at once and says so ("not saved"), instead of waiting paused as "saving".
    networkMode: "always",
  });
  const [saver] = useState(
    () =>
      new DraftSaverCore({
        model,
        period,
        lineRevisions: initial?.lineRevisions ?? {},
        // A keepalive save goes out at once (not through the mutation, which starts its request a few
        // promise turns later), while the page is being left.
        send: (body, keepalive) =>
          keepalive ? entriesApi.saveDraft({ companyId, kind }, { jsonText: body, keepalive: true }) : putDraft(body),
        backup: typeof window === "undefined" ? null : localDraftBackup(draftBackupKey(owner, companyId, kind, period), newClientId()),
        commitOpenEdit: () => window.dispatchEvent(new Event(COMMIT_OPEN_EDIT)),
      }),
  );

  useEffect(() => {
    const stop = saver.start();
    // Before a reload or another page: beforeunload comes before the browser asks for the next page
    // (pagehide only when its answer is there), so the draft is saved before that page reads it.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.saveBeforeLeaving(fitsKeepalive)) event.preventDefault();
    };
    // A closed tab, a phone's app switcher, a page put into the back/forward cache: no beforeunload.
    const pageHide = () => void saver.saveBeforeLeaving(fitsKeepalive);
    const visibilityChange = () => {
      if (document.visibilityState === "hidden") saver.saveBeforeLeaving(fitsKeepalive);
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("pagehide", pageHide);
    document.addEventListener("visibilitychange", visibilityChange);
    return () => {
      stop();
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", pageHide);
      document.removeEventListener("visibilitychange", visibilityChange);
    };
  }, [saver]);

  return saver;
}
