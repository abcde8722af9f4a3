"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { formatDate, formatMonth } from "@/lib/i18n/format";
import { displayValue } from "@/features/payroll/grid/locale-input";
import { columnsOf } from "@/features/payroll/entries/grid-spec";
import { changedFields, type LineDiff } from "@/features/payroll/entries/diff";
import { fieldsOf, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { columnLabel } from "@/features/payroll/grid/messages";
import type { CompareWith } from "./use-transfer-review";

const SHOWN = 100;

interface ReviewDialogProps {
  open: boolean;
  kind: EntryKind;
  period: string;
  diff: LineDiff | null;
  lastTransferAt: string | null;
  /** A later transfer whose outcome is unknown: the service may hold it instead of the last successful one. */
  unknownTransferAt: string | null;
  compareWith: CompareWith;
  onCompareWith: (compareWith: CompareWith) => void;
  lineCount: number;
  total: string;
  employees: ReadonlyMap<number, string>;
  onClose: () => void;
}

/**
 * What the month's lines change against the last successful transfer; after a transfer of
 * unknown outcome, against that one or the last successful one (the person picks). Only shows:
 * the month close's Transfer sends.
 */
export function ReviewDialog(props: ReviewDialogProps) {
  const {
    open,
    kind,
    period,
    diff,
    lastTransferAt,
    unknownTransferAt,
    compareWith,
    onCompareWith,
    lineCount,
    total,
    employees,
    onClose,
  } = props;
  const t = useTranslations();
  const locale = useLocale();
  const when = (at: string) => formatDate(locale, new Date(at), { dateStyle: "medium", timeStyle: "short" });
  const againstUnknown = unknownTransferAt !== null && compareWith === "unknown";
  const columns = columnsOf(kind);
  const fields = fieldsOf(kind);

  const describe = (line: StoredLine, only?: readonly string[]) =>
    columns
      .filter((column) => (only ? only.includes(column.key) : line.values[column.key]))
      .map(
        (column) =>
          `${columnLabel(t, column.key)}: ${displayValue(column, line.values[column.key] ?? "", locale) || "–"}`,
      )
      .join(" · ");
  const who = (line: StoredLine) => `${employees.get(line.employee_id) ?? `#${line.employee_id}`}`;

  const section = (title: string, items: React.ReactNode[], id: string) => (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {items.length ? (
        <ul className="mt-1 max-h-48 list-disc space-y-0.5 overflow-auto pl-5 text-sm">
          {items.slice(0, SHOWN)}
          {items.length > SHOWN ? <li>… {items.length - SHOWN}</li> : null}
        </ul>
      ) : null}
    </section>
  );

  return (
    <Dialog open={open} title={t("payrollEntries.reviewTitle")} onClose={onClose} width="w-[44rem]">
      {unknownTransferAt ? (
        <Notice tone="warning" title={t("payrollEntries.reviewUnknownTitle")}>
          <p>{t("payrollEntries.reviewUnknownText", { when: when(unknownTransferAt) })}</p>
          <fieldset className="mt-2">
            <legend className="font-medium">{t("payrollEntries.reviewCompareWith")}</legend>
            {(["unknown", "succeeded"] as const).map((option) => (
              <label key={option} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name="review-compare-with"
                  value={option}
                  checked={compareWith === option}
                  onChange={() => onCompareWith(option)}
                />
                {option === "unknown"
                  ? t("payrollEntries.reviewCompareUnknown", { when: when(unknownTransferAt) })
                  : lastTransferAt
                    ? t("payrollEntries.reviewCompareSucceeded", { when: when(lastTransferAt) })
                    : t("payrollEntries.reviewCompareNothing")}
              </label>
            ))}
          </fieldset>
        </Notice>
      ) : null}
      <p>
        {againstUnknown
          ? t("payrollEntries.reviewIntroUnknown", {
              month: formatMonth(locale, period),
              when: when(unknownTransferAt),
            })
          : lastTransferAt
            ? t("payrollEntries.reviewIntro", { month: formatMonth(locale, period), when: when(lastTransferAt) })
            : t("payrollEntries.reviewIntroFirst", { month: formatMonth(locale, period) })}
      </p>
      {diff ? (
        <>
          {diff.added.length + diff.changed.length + diff.removed.length === 0 ? (
            <p>{againstUnknown ? t("payrollEntries.reviewNoChangesUnknown") : t("payrollEntries.reviewNoChanges")}</p>
          ) : null}
          {diff.added.length
            ? section(
                t("payrollEntries.reviewAdded", { count: diff.added.length }),
                diff.added.map((line) => (
                  <li key={line.id}>
                    {who(line)}: {describe(line)}
                  </li>
                )),
                "review-added",
              )
            : null}
          {diff.changed.length
            ? section(
                t("payrollEntries.reviewChanged", { count: diff.changed.length }),
                diff.changed.map(({ before, after }) => {
                  const changed = changedFields(before, after, fields);
                  return (
                    <li key={after.id}>
                      {who(after)}: {describe(before, changed)} → {describe(after, changed)}
                    </li>
                  );
                }),
                "review-changed",
              )
            : null}
          {diff.removed.length
            ? section(
                t("payrollEntries.reviewRemoved", { count: diff.removed.length }),
                diff.removed.map((line) => (
                  <li key={line.id}>
                    {who(line)}: {describe(line)}
                  </li>
                )),
                "review-removed",
              )
            : null}
        </>
      ) : null}
      <p className="font-medium">
        {lineCount === 0
          ? t("payrollEntries.reviewEmpty")
          : t("payrollEntries.reviewLinesTotal", { count: lineCount, total })}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t("payrollEntries.close")}
        </Button>
      </div>
    </Dialog>
  );
}
