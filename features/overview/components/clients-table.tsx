"use client";

import { useTranslations } from "next-intl";
import { startTransition, useEffect, useId, useRef, useState } from "react";
import type { OverviewAnswer } from "@/features/overview/types";
import { BulkActions } from "./bulk-actions";
import { OverviewClientRow, type RowTexts } from "./client-row";
import { ClientHead, TABLE_CLASS } from "./clients-table-parts";
import { rowKey } from "./use-overview-actions";

/**
 * Rows in the server's HTML: a screenful and some. A firm of 300 companies would otherwise wait for
 * the server to render (and the browser to parse, and React to hydrate) every row before the first
 * ones are on screen; the rest follow right after hydration, in a transition (so typing and clicks
 * stay first). Selection and "Select all shown" work on the answer's rows, never on the rendered ones.
 */
const FIRST_ROWS = 30;

/** Whether every row is rendered yet: from the first effect on (after hydration), never on the server. */
function useAllRowsRendered(): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => startTransition(() => setAll(true)), []);
  return all;
}

/**
 * The table named `Clients` (CONTRACT.md): one row per payroll company, as the server sorted and
 * filtered them (by urgency). Rows are chosen with their checkboxes (or all shown at once) for
 * the bulk actions; a choice that is no longer shown (another filter) is dropped.
 */
export function ClientsTable({ answer, texts }: { answer: OverviewAnswer; texts: RowTexts }) {
  const t = useTranslations("overview");
  const captionId = useId();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const shown = new Set(answer.rows.map(rowKey));
  const selected = answer.rows.filter((row) => chosen.has(rowKey(row)));
  const all = answer.rows.length > 0 && selected.length === answer.rows.length;
  const some = selected.length > 0 && !all;
  const selectAll = useRef<HTMLInputElement>(null);
  const rendered = useAllRowsRendered() ? answer.rows : answer.rows.slice(0, FIRST_ROWS);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);
  // Choices of rows another filter hides are dropped (adjusting state during render).
  if ([...chosen].some((key) => !shown.has(key))) setChosen(new Set([...chosen].filter((key) => shown.has(key))));

  const choose = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const showConnection = answer.connections.length > 1;
  const bulk = answer.mayAssign || answer.mayApproveAny;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {t("shown", { shown: answer.rows.length, total: answer.total })}
          {selected.length > 0 ? ` · ${t("selected", { count: selected.length })}` : ""}
        </p>
        {bulk ? (
          <BulkActions
            selected={selected}
            members={answer.members}
            mayAssign={answer.mayAssign}
            mayApprove={answer.mayApproveAny}
            // Who assigns or approves takes the month's last step too (`payroll.transfer`: owner, clerk, approver).
            mayExport={bulk}
            onDone={() => setChosen(new Set())}
          />
        ) : null}
      </div>
      {/* The window's width from 1280 px (the page is wide), where it fits; its own sideways scroller between 768 and
          1280 px only; on a phone the rows stack and nothing scrolls sideways. */}
      <div
        role="region"
        aria-label={t("scroller")}
        tabIndex={0}
        className="max-w-full rounded md:overflow-x-auto md:border md:border-slate-200"
      >
        <table role="table" aria-labelledby={captionId} className={TABLE_CLASS}>
          <caption id={captionId} className="sr-only">
            {t("table")}
          </caption>
          <thead role="rowgroup" className="bg-slate-100 max-md:sr-only">
            <tr role="row">
              <ClientHead>
                <input
                  ref={selectAll}
                  type="checkbox"
                  className="size-5"
                  checked={all}
                  disabled={answer.rows.length === 0}
                  onChange={(event) => setChosen(event.target.checked ? new Set(answer.rows.map(rowKey)) : new Set())}
                  aria-label={t("selectAll")}
                />
              </ClientHead>
              <ClientHead>{t("columns.company")}</ClientHead>
              {/* The next date beside the company: what a clerk reads first, in view even where the table scrolls. */}
              <ClientHead>{t("columns.next")}</ClientHead>
              <ClientHead>{t("columns.monthStatus")}</ClientHead>
              <ClientHead>{t("columns.checks")}</ClientHead>
              <ClientHead>{t("columns.who")}</ClientHead>
              <ClientHead>{t("columns.clerks")}</ClientHead>
              <ClientHead>{t("columns.cutOff")}</ClientHead>
              <ClientHead>{t("columns.contributionStatement")}</ClientHead>
              <ClientHead>{t("columns.contributionsDue")}</ClientHead>
              <ClientHead>{t("columns.wageTaxReturn")}</ClientHead>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rendered.map((row) => (
              <OverviewClientRow
                key={rowKey(row)}
                row={row}
                texts={texts}
                members={answer.members}
                mayAssign={answer.mayAssign}
                selected={chosen.has(rowKey(row))}
                onSelect={(on) => choose(rowKey(row), on)}
                showConnection={showConnection}
              />
            ))}
          </tbody>
        </table>
      </div>
      {answer.rows.length === 0 ? <p>{answer.total === 0 ? t("noCompanies") : t("empty")}</p> : null}
    </div>
  );
}
