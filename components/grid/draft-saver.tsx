"use client";

import { memo, useImperativeHandle, useSyncExternalStore, type Ref } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/translate";
import type { GridModel } from "@/lib/payroll-grid/model";
import type { EntryKind } from "@/lib/payroll-entries/kinds";
import { ConflictDialog } from "./conflict-dialog";
import type { PresenceStore } from "./draft-sync";
import { useDraftSaver, type DraftStatus, type DraftStatusStore, type InitialRevisions } from "./use-draft-saver";
import { useDraftStream } from "./use-draft-stream";

export interface DraftSaverHandle {
  /** Saves what is unsaved now; resolves when the save has ended. */
  flush: () => Promise<void>;
}

interface DraftSaverProps {
  ref: Ref<DraftSaverHandle>;
  model: GridModel;
  companyId: number;
  kind: EntryKind;
  period: string;
  initial: InitialRevisions | null;
  /** This page's id in the draft's stream, and where others' presence goes. */
  client: string;
  presence: PresenceStore;
  employees: ReadonlyMap<number, string>;
  columnLabels: readonly string[];
}

/**
 * Saves the draft, shows how far saving is, keeps it in step with others' saves (the draft's
 * event stream) and asks which value to keep when someone changed the same line. A component of
 * its own so that the save mutation's state changes re-render only this, never the grid; the
 * workbench reaches `flush` through `ref`. Its props do not change with edits (memo): typing
 * does not re-render it.
 */
export const DraftSaver = memo(function DraftSaver({ ref, model, companyId, kind, period, initial, client, presence, employees, columnLabels }: DraftSaverProps) {
  const { status, flush, conflicts, applyRemote, resolve } = useDraftSaver(model, companyId, kind, period, initial);
  useDraftStream({ companyId, kind, period, since: initial?.revision ?? 0, client, presence, onLines: applyRemote });
  useImperativeHandle(ref, () => ({ flush }), [flush]);
  return (
    <>
      <DraftIndicator store={status} />
      <ConflictDialog store={conflicts} model={model} employees={employees} columnLabels={columnLabels} onResolve={resolve} />
    </>
  );
});

const STATE_TEXT: Record<DraftStatus["state"], MessageKey> = {
  saved: "payrollEntries.draftSaved",
  unsaved: "payrollEntries.draftUnsaved",
  saving: "payrollEntries.draftSaving",
  failed: "payrollEntries.draftFailed",
  frozen: "payrollEntries.draftFrozen",
};

function DraftIndicator({ store }: { store: DraftStatusStore }) {
  const t = useTranslations();
  const locale = useLocale();
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const time = status.state === "saved" && status.at ? formatDate(locale, status.at, { timeStyle: "medium" }) : "";
  if (status.state === "saved" && !status.at) return null;
  return (
    <p aria-live="polite" data-draft-state={status.state} className={status.state === "failed" || status.state === "frozen" ? "text-red-800" : "text-slate-600"}>
      {t(STATE_TEXT[status.state], { time })}
    </p>
  );
}
