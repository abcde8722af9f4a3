"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { displayValue } from "@/features/payroll/grid/locale-input";
import type { GridModel } from "@/features/payroll/grid/model";
import {
  whoSaved,
  type ConflictStore,
  type DraftConflict,
} from "@/features/payroll/entries/client/draft-saver/conflicts";
import type { PresenceStore } from "@/features/payroll/entries/client/draft-saver/presence";
import { useStore } from "@/lib/store/use-store";
import { Table, TableCell, TableRow, TableRowHeader } from "@/components/ui/table";

interface ConflictDialogProps {
  store: ConflictStore;
  /** Who else is here: names the person when the server could not (someone on the line, or the only one here). */
  presence: PresenceStore;
  model: GridModel;
  employees: ReadonlyMap<number, string>;
  columnLabels: readonly string[];
  onResolve: (id: string, keep: "theirs" | "mine") => void;
}

/**
 * Lines this person changed that someone else saved first: both values side by side, who saved
 * theirs, and a choice per line. Nothing is overwritten until the person chooses; closing the
 * dialog (Escape) leaves the choice open, with a notice to come back to it.
 */
export function ConflictDialog({ store, presence, model, employees, columnLabels, onResolve }: ConflictDialogProps) {
  const t = useTranslations();
  const conflicts = useStore(store);
  const peers = useStore(presence);
  const [dismissed, setDismissed] = useState(false);
  if (!conflicts.length) {
    if (dismissed) setDismissed(false);
    return null;
  }
  const names = [...new Set(conflicts.map((conflict) => whoSaved(conflict, peers)))];
  const title =
    names.length === 1 && names[0]
      ? t("payrollEntries.conflictTitleBy", { name: names[0] })
      : t("payrollEntries.conflictTitle");
  return (
    <>
      <div
        role="alert"
        className="flex flex-wrap items-center gap-2 rounded border border-amber-600 bg-amber-50 p-2 text-sm"
      >
        <span>{t("payrollEntries.conflictPending", { count: conflicts.length })}</span>
        {dismissed ? (
          <Button size="sm" variant="secondary" onClick={() => setDismissed(false)}>
            {t("payrollEntries.conflictReopen")}
          </Button>
        ) : null}
      </div>
      <Dialog open={!dismissed} title={title} onClose={() => setDismissed(true)} width="w-[40rem]">
        <p className="text-sm text-slate-700">{t("payrollEntries.conflictIntro")}</p>
        <ul className="max-h-[60vh] space-y-4 overflow-y-auto">
          {conflicts.map((conflict) => (
            <ConflictItem
              key={conflict.id}
              conflict={conflict}
              by={whoSaved(conflict, peers)}
              model={model}
              employees={employees}
              columnLabels={columnLabels}
              onResolve={onResolve}
            />
          ))}
        </ul>
      </Dialog>
    </>
  );
}

function ConflictItem({
  conflict,
  by,
  model,
  employees,
  columnLabels,
  onResolve,
}: Omit<ConflictDialogProps, "store" | "presence"> & { conflict: DraftConflict; by: string | null }) {
  const t = useTranslations();
  const locale = useLocale() as "en" | "de";
  const index = model.lines.findIndex((line) => line.id === conflict.id);
  const employeeId =
    conflict.yours?.employee_id ?? conflict.theirs.employee_id ?? model.lineById(conflict.id)?.employeeId ?? 0;
  const heading = t("payrollEntries.conflictLine", {
    employee: employees.get(employeeId) ?? `#${employeeId}`,
    row: index >= 0 ? index + 1 : "–",
  });
  const show = (values: Record<string, string> | null, col: number) => {
    const column = model.spec.columns[col];
    if (!values) return t("payrollEntries.conflictRemoved");
    const value = column ? (values[column.key] ?? "") : "";
    return value === "" || !column ? t("payrollEntries.conflictEmpty") : displayValue(column, value, locale);
  };
  const theirs = conflict.theirs.values;
  const yours = conflict.yours?.values ?? null;
  const differing = model.spec.columns.map((_, col) => col).filter((col) => show(theirs, col) !== show(yours, col));
  const headingId = `conflict-${conflict.id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded border border-slate-300 p-3">
      <h3 id={headingId} className="font-medium">
        {heading}
      </h3>
      <Table
        density="compact"
        columns={[
          t("payrollEntries.conflictField"),
          by ? t("payrollEntries.conflictTheirsBy", { name: by }) : t("payrollEntries.conflictTheirs"),
          t("payrollEntries.conflictYours"),
        ]}
      >
        {(differing.length ? differing : [0]).map((col) => (
          <TableRow key={col}>
            <TableRowHeader>{columnLabels[col]}</TableRowHeader>
            <TableCell data-side="theirs">{show(theirs, col)}</TableCell>
            <TableCell data-side="yours">{show(yours, col)}</TableCell>
          </TableRow>
        ))}
      </Table>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onResolve(conflict.id, "theirs")}
          aria-describedby={headingId}
        >
          {t("payrollEntries.conflictKeepTheirs")}
        </Button>
        <Button size="sm" onClick={() => onResolve(conflict.id, "mine")} aria-describedby={headingId}>
          {t("payrollEntries.conflictKeepMine")}
        </Button>
      </div>
    </li>
  );
}
