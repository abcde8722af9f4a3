"use client";

import { memo, useCallback, useImperativeHandle, type Ref } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/translate";
import type { DraftLinesEvent } from "@/features/payroll/entries/draft-answers";
import type { PresenceStore } from "@/features/payroll/entries/client/draft-saver/presence";
import type { DraftStatus, DraftStatusStore } from "@/features/payroll/entries/client/draft-saver/save-status";
import { useStore } from "@/lib/store/use-store";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/on-first-opening";
import { useDraftSaver, type DraftSaverInput } from "./use-draft-saver";
import { useDraftStream } from "./use-draft-stream";
import { ConflictDialog } from "./lazy-dialogs";

export interface CoEditingHandle {
  /** Saves what is unsaved now; resolves when the save has ended. */
  flush: () => Promise<void>;
}

interface CoEditingProps extends DraftSaverInput {
  ref: Ref<CoEditingHandle>;
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
export const CoEditing = memo(function CoEditing({
  ref,
  model,
  companyId,
  kind,
  period,
  initial,
  owner,
  client,
  presence,
  employees,
  columnLabels,
}: CoEditingProps) {
  const saver = useDraftSaver({ model, companyId, kind, period, initial, owner });
  const flush = useCallback(() => saver.flush(), [saver]);
  const applyRemote = useCallback((lines: DraftLinesEvent) => saver.applyRemote(lines), [saver]);
  const resolve = useCallback((id: string, keep: "theirs" | "mine") => saver.resolve(id, keep), [saver]);
  // Another page (the firm's send-back, the client's hand-in, an approval) changed the month: the page is
  // rendered again with its new state (the Month status, read-only or not); unsaved edits stay in the browser.
  const router = useRouter();
  const onMonth = useCallback(() => router.refresh(), [router]);
  useDraftStream({
    companyId,
    kind,
    period,
    since: initial?.revision ?? 0,
    client,
    presence,
    onLines: applyRemote,
    onMonth,
  });
  useImperativeHandle(ref, () => ({ flush }), [flush]);
  const conflictsShown = useOpenedOnce(useStore(saver.conflicts).length > 0);
  return (
    <>
      <DraftIndicator store={saver.status} onRetry={flush} />
      {conflictsShown ? (
        <ConflictDialog
          store={saver.conflicts}
          presence={presence}
          model={model}
          employees={employees}
          columnLabels={columnLabels}
          onResolve={resolve}
        />
      ) : null}
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

/**
 * How far saving is. A failed save says when it is tried again by itself (a time, not a countdown
 * read out every second) and offers to try now; the edits stay in the browser meanwhile.
 */
function DraftIndicator({ store, onRetry }: { store: DraftStatusStore; onRetry: () => Promise<void> }) {
  const t = useTranslations();
  const locale = useLocale();
  const status = useStore(store);
  if (status.state === "saved" && !status.at) return null;
  const at = status.state === "saved" ? status.at : status.state === "failed" ? status.retryAt : null;
  const time = at ? formatDate(locale, at, { timeStyle: "medium" }) : "";
  const key = status.state === "failed" && !status.retryAt ? "payrollEntries.draftFailedNow" : STATE_TEXT[status.state];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        aria-live="polite"
        data-draft-state={status.state}
        className={status.state === "failed" || status.state === "frozen" ? "text-red-800" : "text-slate-600"}
      >
        {t(key, { time })}
      </p>
      {status.state === "failed" ? (
        <Button size="sm" variant="secondary" onClick={() => void onRetry()}>
          {t("payrollEntries.draftRetryNow")}
        </Button>
      ) : null}
    </div>
  );
}
