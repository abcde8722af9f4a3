"use client";

import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useI18n } from "@/components/i18n-provider";
import { apiFetch } from "@/lib/http/browser-fetch";
import { formatAmount, formatDate } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/translate";
import { centsToDecimal } from "@/lib/payroll-grid/decimal";
import { GridModel, isBlank, type GridLine, type PasteResult } from "@/lib/payroll-grid/model";
import { diffLines } from "@/lib/payroll-entries/diff";
import { gridSpecFor } from "@/lib/payroll-entries/grid-spec";
import { fieldsOf, type EntryKind, type StoredLine } from "@/lib/payroll-entries/kinds";
import { typeLabels } from "@/lib/payroll-entries/labels";
import { CopyLineDialog } from "./copy-line-dialog";
import { EntryGrid, selectionBounds, type GridSelection } from "./entry-grid";
import { columnLabel, describeProblem } from "./messages";
import { ReviewDialog } from "./review-dialog";
import { storedLinesOf, useDraftSaver, type DraftStatus, type DraftStatusStore } from "./use-draft-saver";

export interface WorkbenchProps {
  kind: EntryKind;
  companyId: number;
  companyName: string;
  period: string;
  employees: { id: number; name: string }[];
  draft: { lines: StoredLine[]; revision: number; updatedAt: string } | null;
  lastTransfer: { id: string; createdAt: string; lines: StoredLine[] } | null;
}

type Filter = "all" | "filled" | "problems";
type Notice = { tone: "info" | "success" | "error"; text: string } | null;
interface Problem {
  code: string | null;
  field: string | null;
  lineId: string | null;
  message: string;
}

function buildModel(props: WorkbenchProps, locale: "en" | "de"): GridModel {
  const fields = fieldsOf(props.kind);
  const lines = (props.draft?.lines ?? []).map((line) => ({ id: line.id, employeeId: line.employee_id, cells: fields.map((field) => line.values[field] ?? "") }));
  return new GridModel(gridSpecFor(props.kind, props.period), { locale, month: props.period }, props.employees.map((employee) => employee.id), lines);
}

/** The month's hours or extra payments of one company: grid, totals, problems, drafts and transfer. */
export function EntriesWorkbench(props: WorkbenchProps) {
  const { kind, companyId, period } = props;
  const { t, locale } = useI18n();
  const [model] = useState(() => buildModel(props, locale));
  const version = useSyncExternalStore(model.subscribe, () => model.version, () => model.version);
  const structure = model.structureVersion;
  const employees = useMemo(() => new Map(props.employees.map((employee) => [employee.id, employee.name])), [props.employees]);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim().toLowerCase());
  const [filter, setFilter] = useState<Filter>("all");
  const [selection, setSelection] = useState<GridSelection>({ row: 0, col: 0, anchorRow: 0, anchorCol: 0 });
  const [notice, setNotice] = useState<Notice>(null);
  const [pasteNote, setPasteNote] = useState("");
  const [copyOpen, setCopyOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [lastTransfer, setLastTransfer] = useState(props.lastTransfer);
  const gridArea = useRef<HTMLDivElement>(null);
  const { status, flush } = useDraftSaver(model, companyId, kind, period, props.draft?.revision ?? null);

  useEffect(() => {
    if (model.context.locale !== locale) model.setContext({ locale, month: period });
  }, [model, locale, period]);

  // The filter of "filled" and "problem" lines follows edits; the plain list only structural changes.
  const filterKey = filter === "all" ? structure : version;
  const rows = useMemo(() => {
    void filterKey;
    const names = deferredSearch ? new Map([...employees].map(([id, name]) => [id, `${id} ${name}`.toLowerCase()])) : null;
    return model.lines.filter((line) => {
      if (names && !names.get(line.employeeId)?.includes(deferredSearch)) return false;
      if (filter === "filled") return !isBlank(line.cells);
      if (filter === "problems") return model.outcome(line).errors.some(Boolean) || model.issuesOf(line).length > 0;
      return true;
    });
  }, [model, filterKey, deferredSearch, filter, employees]);

  const lineNumbers = useMemo(() => {
    void structure;
    const numbers = new Map<string, number>();
    const counts = new Map<number, number>();
    for (const line of model.lines) {
      const next = (counts.get(line.employeeId) ?? 0) + 1;
      counts.set(line.employeeId, next);
      numbers.set(line.id, next);
    }
    return numbers;
  }, [model, structure]);

  // Keep the selection inside the rows shown.
  const maxRow = Math.max(0, rows.length - 1);
  const clamped = selection.row > maxRow || selection.anchorRow > maxRow ? { ...selection, row: Math.min(selection.row, maxRow), anchorRow: Math.min(selection.anchorRow, maxRow) } : selection;
  const activeLine: GridLine | undefined = rows[clamped.row];
  const columnLabels = useMemo(() => model.spec.columns.map((column) => columnLabel(t, column.key)), [model, t]);
  const describe = useCallback((code: string) => describeProblem(t, code), [t]);
  const cellLabel = useCallback(
    (col: number, line: GridLine, lineNumber: number) => t("payrollEntries.cellLabel", { column: columnLabels[col] ?? "", employee: employees.get(line.employeeId) ?? `#${line.employeeId}`, line: lineNumber }),
    [t, columnLabels, employees],
  );

  const focusGrid = () => gridArea.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();

  const selectLine = (lineId: string, col: number) => {
    let index = rows.findIndex((line) => line.id === lineId);
    if (index < 0) {
      setSearch("");
      setFilter("all");
      index = model.lines.findIndex((line) => line.id === lineId);
    }
    if (index < 0) return;
    setSelection({ row: index, col: Math.max(0, col), anchorRow: index, anchorCol: Math.max(0, col) });
    requestAnimationFrame(focusGrid);
  };

  const addLine = () => {
    if (!activeLine) return;
    const line = model.insertLineAfter(activeLine);
    const index = model.lines.indexOf(line);
    if (filter === "all" && !deferredSearch) setSelection({ row: index, col: 0, anchorRow: index, anchorCol: 0 });
  };

  const removeLines = () => {
    const { top, bottom } = selectionBounds(clamped);
    model.removeLines(rows.slice(top, bottom + 1));
  };

  const onPasted = useCallback(
    (result: PasteResult) => {
      setPasteNote(
        result.skippedRows || result.skippedColumns
          ? t("payrollEntries.pasteSkipped", { cells: result.cells, rows: result.skippedRows, columns: result.skippedColumns })
          : t("payrollEntries.pasted", { cells: result.cells }),
      );
    },
    [t],
  );

  // Problems: cells that fail the schemas, and what the service refused.
  const problems = useMemo(() => {
    void version;
    const list: { line: GridLine; col: number; message: string }[] = [];
    for (const line of model.invalidLinesInOrder(50)) {
      model.outcome(line).errors.forEach((error, col) => {
        if (error) list.push({ line, col, message: describe(error) });
      });
    }
    return list;
  }, [model, version, describe]);
  const serviceProblems = useMemo(() => {
    void version;
    return model.linesWithServiceIssues().flatMap((line) => model.issuesOf(line).map((issue) => ({ line, col: issue.col, message: issue.message })));
  }, [model, version]);
  const problemCount = model.problemCount;

  const fields = fieldsOf(kind);
  const currentLines = useMemo(() => {
    void version;
    return reviewOpen ? storedLinesOf(model).filter((line) => Object.keys(line.values).length > 0) : [];
  }, [model, version, reviewOpen]);
  const diff = useMemo(() => (reviewOpen ? diffLines(lastTransfer?.lines ?? [], currentLines, fields) : null), [reviewOpen, lastTransfer, currentLines, fields]);

  async function send() {
    setSending(true);
    setNotice(null);
    try {
      await flush();
      const result = await apiFetch<{ receipt: { count: number; month: string }; lastTransfer: { id: string; createdAt: string; lines: StoredLine[] } | null }>(
        `/api/payroll-entries/${companyId}/${kind}/transfer`,
        { method: "POST", body: { period, lines: currentLines } },
      );
      setReviewOpen(false);
      if (result.ok) {
        setLastTransfer(result.data.lastTransfer);
        model.setServiceIssues([]);
        setNotice({ tone: "success", text: t("payrollEntries.transferDone", { count: result.data.receipt.count, month: result.data.receipt.month }) });
        return;
      }
      const code = result.error.code;
      if (code === "invalid" || code === "refused") {
        const keys = model.spec.columns.map((column) => column.key);
        model.setServiceIssues(
          ((result.error.problems ?? []) as Problem[]).flatMap((problem) =>
            problem.lineId ? [{ lineId: problem.lineId, col: problem.field ? keys.indexOf(problem.field) : -1, message: code === "invalid" ? describe(problem.code ?? "invalid") : problem.message }] : [],
          ),
        );
        setNotice({ tone: "error", text: t("payrollEntries.refusedValidation") });
      } else if (code === "pay_run_in_progress") {
        setNotice({ tone: "error", text: t("payrollEntries.payRunInProgress") });
      } else if (code === "outcome_unknown" || code === "upstream_unreachable" || code === "unavailable" || code === "network") {
        setNotice({ tone: "error", text: t("payrollEntries.transferUnknown") });
      } else {
        setNotice({ tone: "error", text: t("payrollEntries.refusedOther", { message: result.error.message }) });
      }
    } catch {
      setReviewOpen(false);
      setNotice({ tone: "error", text: t("payrollEntries.transferUnknown") });
    } finally {
      setSending(false);
    }
  }

  const labels = typeLabels(kind);
  const kindName = kind === "hours" ? t("payrollEntries.hoursLink") : t("payrollEntries.paymentsLink");
  const filledCount = model.lines.length;

  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">{t("payrollEntries.intro")}</p>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer">⌨</summary>
        <p>{t("payrollEntries.keyboardHelp")}</p>
      </details>

      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          {t("payrollEntries.search")}
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className="mt-1 block w-56 rounded border border-slate-400 px-2 py-1.5 font-normal" />
        </label>
        <label className="text-sm font-medium">
          {t("payrollEntries.filter")}
          <select value={filter} onChange={(event) => setFilter(event.target.value as Filter)} className="mt-1 block rounded border border-slate-400 px-2 py-1.5 font-normal">
            <option value="all">{t("payrollEntries.filterAll")}</option>
            <option value="filled">{t("payrollEntries.filterFilled")}</option>
            <option value="problems">{t("payrollEntries.filterProblems")}</option>
          </select>
        </label>
        <div className="flex flex-wrap gap-2" role="toolbar" aria-label={kindName}>
          <ToolButton onClick={() => model.undo()} disabled={!model.canUndo} label={t("payrollEntries.undo")} />
          <ToolButton onClick={() => model.redo()} disabled={!model.canRedo} label={t("payrollEntries.redo")} />
          <ToolButton
            onClick={() => {
              const { top, bottom, left, right } = selectionBounds(clamped);
              model.fillDown(rows, top, bottom, left, right);
            }}
            disabled={!activeLine}
            label={t("payrollEntries.fillDown")}
          />
          <ToolButton onClick={addLine} disabled={!activeLine} label={t("payrollEntries.addLine")} />
          <ToolButton onClick={removeLines} disabled={!activeLine} label={t("payrollEntries.removeLine")} />
          <ToolButton onClick={() => setCopyOpen(true)} disabled={!activeLine || isBlank(activeLine.cells)} label={t("payrollEntries.copyLine")} />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p role="status" aria-live="polite">
          {t("payrollEntries.rowsShown", { shown: rows.length, total: filledCount })}
          {pasteNote ? ` · ${pasteNote}` : ""}
        </p>
        <DraftIndicator store={status} />
      </div>

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
        />
      </div>

      {notice ? (
        <p role={notice.tone === "error" ? "alert" : "status"} className={`rounded border p-3 ${notice.tone === "error" ? "border-red-400 bg-red-50 text-red-900" : notice.tone === "success" ? "border-green-500 bg-green-50 text-green-900" : "border-slate-300 bg-white"}`}>
          {notice.text}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={problemCount > 0 || sending}
          aria-describedby={problemCount > 0 ? "transfer-blocked" : undefined}
          onClick={() => {
            setNotice(null);
            setReviewOpen(true);
          }}
          className="rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t("payrollEntries.transfer")}
        </button>
        {problemCount > 0 ? (
          <p id="transfer-blocked" className="text-sm text-red-800">
            {t("payrollEntries.transferBlocked", { count: problemCount })}
          </p>
        ) : null}
        <HoverPrefetchLink href={`/payroll/companies/${companyId}/${kind}/history`} className="text-blue-700 underline">
          {t("payrollEntries.historyLink")}
        </HoverPrefetchLink>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="problems-title" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="problems-title" className="font-semibold">
            {t("payrollEntries.problemsTitle", { count: problemCount })}
          </h2>
          {problems.length === 0 && serviceProblems.length === 0 ? <p className="text-sm text-slate-600">{t("payrollEntries.problemsNone")}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {problems.map((problem) => (
              <li key={`${problem.line.id}-${problem.col}`}>
                <button type="button" className="text-left text-red-800 underline" onClick={() => selectLine(problem.line.id, problem.col)}>
                  {t("payrollEntries.problemAt", { employee: employees.get(problem.line.employeeId) ?? `#${problem.line.employeeId}`, column: columnLabels[problem.col] ?? "", message: problem.message })}
                </button>
              </li>
            ))}
          </ul>
          {serviceProblems.length ? (
            <>
              <h3 className="mt-3 font-semibold">{t("payrollEntries.serviceProblemsTitle")}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {serviceProblems.slice(0, 50).map((problem, index) => (
                  <li key={`${problem.line.id}-${problem.col}-${index}`}>
                    <button type="button" className="text-left text-red-800 underline" onClick={() => selectLine(problem.line.id, problem.col)}>
                      {t("payrollEntries.problemAt", {
                        employee: employees.get(problem.line.employeeId) ?? `#${problem.line.employeeId}`,
                        column: problem.col >= 0 ? (columnLabels[problem.col] ?? "") : t("payrollEntries.employee"),
                        message: problem.message,
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="totals-title" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="totals-title" className="font-semibold">
            {t("payrollEntries.totalsTitle")}
          </h2>
          <table className="mt-2 w-full text-sm">
            <tbody>
              {Object.entries(labels).map(([type, label]) => (
                <tr key={type}>
                  <th scope="row" className="py-0.5 text-left font-normal">
                    {label[locale]}
                  </th>
                  <td className="text-right tabular-nums">{formatAmount(locale, centsToDecimal(model.groupTotals.get(type) ?? 0n))}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-semibold">
                <th scope="row" className="py-0.5 text-left">
                  {t("payrollEntries.grandTotal")}
                </th>
                <td className="text-right tabular-nums" data-testid="grand-total">
                  {formatAmount(locale, centsToDecimal(model.grandTotal))}
                </td>
              </tr>
            </tbody>
          </table>
        </section>
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
      <ReviewDialog
        open={reviewOpen}
        kind={kind}
        period={period}
        diff={diff}
        lastTransferAt={lastTransfer?.createdAt ?? null}
        lineCount={currentLines.length}
        total={formatAmount(locale, centsToDecimal(model.grandTotal))}
        employees={employees}
        sending={sending}
        onSend={() => void send()}
        onClose={() => setReviewOpen(false)}
      />
    </div>
  );
}

function ToolButton({ onClick, disabled, label }: { onClick: () => void; disabled?: boolean; label: string }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className="rounded border border-slate-400 bg-white px-2.5 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50">
      {label}
    </button>
  );
}

function DraftIndicator({ store }: { store: DraftStatusStore }) {
  const { t, locale } = useI18n();
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const key: Record<DraftStatus["state"], MessageKey> = {
    saved: "payrollEntries.draftSaved",
    unsaved: "payrollEntries.draftUnsaved",
    saving: "payrollEntries.draftSaving",
    failed: "payrollEntries.draftFailed",
  };
  const time = status.state === "saved" && status.at ? formatDate(locale, status.at, { timeStyle: "medium" }) : "";
  if (status.state === "saved" && !status.at) return null;
  return (
    <p aria-live="polite" data-draft-state={status.state} className={status.state === "failed" ? "text-red-800" : "text-slate-600"}>
      {t(key[status.state], { time })}
    </p>
  );
}
