"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isTransient } from "@/components/ui/error-text";
import { draftBackupKey, localDraftBackup } from "@/features/payroll/entries/client/draft-saver/local-backup";
import { saveWhenLeaving } from "@/features/payroll/entries/client/draft-saver/page-leave";
import { newClientId } from "@/features/payroll/entries/client/draft-saver/presence";
import { sendDraftSave } from "@/features/payroll/entries/client/draft-saver/requests";
import { DraftSaver } from "@/features/payroll/entries/client/draft-saver/saver";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { GridModel } from "@/features/payroll/grid/model";
import { COMMIT_OPEN_EDIT } from "./cell-editor";
import { payrollEntriesKeys } from "@/features/payroll/entries/query-keys";

/** Tries of one save before it counts as failed (then the saver tries again by itself: saver.ts). */
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
 * The page's draft saver (features/payroll/entries/client/draft-saver: all of its logic, without
 * React): each save a TanStack Query mutation (retried on network failures and 5xx), a save sent
 * as the page is left a keepalive request, edits not yet confirmed kept in localStorage for the
 * person and draft. The component calling this re-renders with the mutation's state: keep it
 * small (see `CoEditing`).
 */
export function useDraftSaver({ model, companyId, kind, period, initial, owner }: DraftSaverInput): DraftSaver {
  const { mutateAsync: putDraft } = useMutation({
    mutationKey: payrollEntriesKeys.draft(companyId, kind, period),
    mutationFn: (body: string) => sendDraftSave(companyId, kind, body),
    retry: (failures, error) => failures < SAVE_RETRIES && isTransient(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    // Offline, a save fails at once and says so ("not saved"), instead of waiting paused as "saving".
    networkMode: "always",
  });
  const [saver] = useState(
    () =>
      new DraftSaver({
        model,
        period,
        lineRevisions: initial?.lineRevisions ?? {},
        // A keepalive save goes out at once (not through the mutation, which starts its request a few
        // promise turns later), while the page is being left.
        send: (body, keepalive) => (keepalive ? sendDraftSave(companyId, kind, body, true) : putDraft(body)),
        backup:
          typeof window === "undefined"
            ? null
            : localDraftBackup(draftBackupKey(owner, companyId, kind, period), newClientId()),
        commitOpenEdit: () => window.dispatchEvent(new Event(COMMIT_OPEN_EDIT)),
      }),
  );

  useEffect(() => {
    const stop = saver.start();
    const stopWatching = saveWhenLeaving(saver, { window, document });
    return () => {
      stop();
      stopWatching();
    };
  }, [saver]);

  return saver;
}
