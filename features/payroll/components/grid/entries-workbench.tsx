"use client";

import { useId, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isBlank } from "@/features/payroll/grid/model";
import { CopyLineDialog } from "./lazy-dialogs";
import { LineForm } from "./line-form";
import { TransferReviewDialog } from "./transfer-review-dialog";
import { newClientId, PresenceStore } from "@/features/payroll/entries/client/draft-saver/presence";
import { CoEditing, type CoEditingHandle } from "./co-editing";
import { EntryGrid } from "./entry-grid";
import { PresenceList } from "./presence-list";
import { GridToolbar } from "./grid-toolbar";
import { ProblemsPanel } from "./problems-panel";
import { StartFromTransfer } from "./start-from-transfer";
import { TotalsPanel } from "./totals-panel";
import { TransferBar } from "./transfer-bar";
import { useGridRows } from "./use-grid-rows";
import { useTransferReview } from "./use-transfer-review";
import { useAnnouncePresence } from "./use-draft-stream";
import { useCheckJumps } from "./use-check-jumps";
import { useWorkbenchModel } from "./use-workbench-model";
import { useWorkbenchSelection } from "./use-workbench-selection";
import { KeyboardHelp } from "./keyboard-help";
import { useGridLabels } from "./use-grid-labels";
import { usePasteNote } from "./use-paste-note";
import type { WorkbenchProps } from "./workbench-props";

/**
 * The month's hours or extra payments of one company: grid, totals, problems, drafts and transfer.
 * The lines live in the model (features/payroll/grid), outside React and TanStack Query: an edit
 * re-renders what shows it, nothing refetches.
 */
export function EntriesWorkbench(props: WorkbenchProps) {
  const { kind, companyId, period } = props;
  const t = useTranslations();
  const hintId = useId();
  const locale = useLocale();
  const { model, version } = useWorkbenchModel(
    {
      kind,
      companyId,
      period,
      employees: props.employees,
      lines: props.draft?.lines ?? [],
      readOnly: props.readOnly === true,
      rememberedRates: props.rememberedRates ?? {},
    },
    locale,
  );
  const employees = useMemo(
    () => new Map(props.employees.map((employee) => [employee.id, employee.name])),
    [props.employees],
  );
  const { rows, lineNumbers, search, setSearch, filter, setFilter, showsAll } = useGridRows(model, version, employees);
  const { pasteNote, setPasteNote, onPasted } = usePasteNote();
  const [copyOpen, setCopyOpen] = useState(false);
  const gridArea = useRef<HTMLDivElement>(null);
  const drafts = useRef<CoEditingHandle>(null);
  // Live co-editing: this page's id in the draft's stream, who else is here, what the page was rendered from.
  const [client] = useState(newClientId);
  const [presence] = useState(() => new PresenceStore());
  const [initial] = useState(() =>
    props.draft ? { revision: props.draft.revision, lineRevisions: props.draft.lineRevisions } : null,
  );

  const focusGrid = () => gridArea.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  const showAll = () => {
    setSearch("");
    setFilter("all");
  };
  const {
    selection: clamped,
    setSelection,
    activeLine,
    selectLine,
    addLine,
    removeLines,
    fillDown,
  } = useWorkbenchSelection({ model, rows, showsAll, showAll, focusGrid });
  const { columnLabels, describe, cellLabel } = useGridLabels(model, employees);
  useAnnouncePresence({ companyId, kind, period, client, presence, line: activeLine?.id ?? null });
  const transfer = useTransferReview({
    model,
    version,
    kind,
    lastTransfer: props.lastTransfer,
    unknownTransfer: props.unknownTransfer,
  });

  useCheckJumps(kind, model, selectLine);

  const kindName = kind === "hours" ? t("payrollEntries.hoursLink") : t("payrollEntries.paymentsLink");

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs text-slate-700">
        <KeyboardHelp />
        <p>{t("payrollEntries.intro")}</p>
      </div>
      <StartFromTransfer
        model={model}
        version={version}
        kind={kind}
        period={period}
        startFrom={props.startFrom ?? null}
        onStarted={setPasteNote}
      />
      {/* On a phone a line is entered in a form; the grid below stays, for the month's lines and the wider screens. */}
      {props.readOnly ? null : (
        <LineForm
          model={model}
          kind={kind}
          employees={props.employees}
          columnLabels={columnLabels}
          describe={describe}
          onAdded={setPasteNote}
        />
      )}

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <GridToolbar
          label={kindName}
          readOnly={props.readOnly === true}
          search={search}
          onSearch={setSearch}
          filter={filter}
          onFilter={setFilter}
          canUndo={model.canUndo}
          canRedo={model.canRedo}
          hasLine={activeLine !== undefined}
          canCopyLine={activeLine !== undefined && !isBlank(activeLine.cells)}
          onUndo={() => model.undo()}
          onRedo={() => model.redo()}
          onFillDown={fillDown}
          onAddLine={addLine}
          onRemoveLines={removeLines}
          onCopyLine={() => setCopyOpen(true)}
          fileImport={{
            model,
            kind,
            companyId,
            period,
            kindName,
            employees: props.employees,
            onImported: setPasteNote,
          }}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <p role="status" aria-live="polite">
            {t("payrollEntries.rowsShown", { shown: rows.length, total: model.lines.length })}
            {pasteNote ? ` · ${pasteNote}` : ""}
          </p>
          <CoEditing
            ref={drafts}
            model={model}
            companyId={companyId}
            kind={kind}
            period={period}
            initial={initial}
            owner={props.draftOwner}
            client={client}
            presence={presence}
            employees={employees}
            columnLabels={columnLabels}
          />
        </div>
      </div>
      <PresenceList store={presence} model={model} employees={employees} />

      <div ref={gridArea}>
        <EntryGrid
          model={model}
          version={version}
          rows={rows}
          lineNumbers={lineNumbers}
          employees={employees}
          columnLabels={columnLabels}
          employeeLabel={t("payrollEntries.employee")}
          computedLabel={kind === "hours" ? t("payrollEntries.computed") : t("payrollEntries.computedPayment")}
          totalLabel={t("payrollEntries.employeeTotal")}
          label={t("payrollEntries.gridLabel", { kind: kindName, company: props.companyName })}
          locale={locale}
          selection={clamped}
          onSelectionChange={setSelection}
          onPasted={onPasted}
          onAddLine={addLine}
          onRemoveLines={removeLines}
          describe={describe}
          cellLabel={cellLabel}
          readOnly={props.readOnly === true}
          hintId={hintId}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {t("payrollEntries.keyboardHint")}
        </p>
      </div>

      {/* Sending is the month close's Transfer alone (features/month-close/components); here only the comparison and the history. */}
      {props.client ? null : (
        <TransferBar
          companyId={companyId}
          kind={kind}
          onReview={transfer.openReview}
          readOnly={props.readOnly === true && !props.frozen}
        />
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <ProblemsPanel
          model={model}
          version={version}
          employees={employees}
          columnLabels={columnLabels}
          describe={describe}
          onSelect={selectLine}
        />
        <TotalsPanel model={model} kind={kind} />
      </div>

      <CopyLineDialog
        open={copyOpen}
        sourceName={activeLine ? (employees.get(activeLine.employeeId) ?? "") : ""}
        sourceEmployeeId={activeLine?.employeeId ?? 0}
        employees={props.employees}
        onClose={() => setCopyOpen(false)}
        onConfirm={(ids) => {
          setCopyOpen(false);
          if (!activeLine) return;
          const count = model.copyLineTo(activeLine, ids);
          setPasteNote(t("payrollEntries.copyLineCopied", { count }));
          requestAnimationFrame(focusGrid);
        }}
      />
      <TransferReviewDialog transfer={transfer} kind={kind} period={period} model={model} employees={employees} />
    </div>
  );
}
