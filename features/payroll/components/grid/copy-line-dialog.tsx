"use client";

import { useDeferredValue, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

const SHOWN = 200;

interface Employee {
  id: number;
  name: string;
}

interface CopyLineDialogProps {
  open: boolean;
  sourceName: string;
  sourceEmployeeId: number;
  employees: readonly Employee[];
  onConfirm: (employeeIds: number[]) => void;
  onClose: () => void;
}

/** Picks the employees a line is copied to: search, tick, confirm. */
export function CopyLineDialog({ open, sourceName, onClose, ...picker }: CopyLineDialogProps) {
  const t = useTranslations();
  // Closed, the dialog renders nothing inside (the workbench re-renders on every edit); opened, the picker starts afresh.
  return (
    <Dialog open={open} title={t("payrollEntries.copyLineTitle", { employee: sourceName })} onClose={onClose}>
      <CopyLinePicker {...picker} onClose={onClose} />
    </Dialog>
  );
}

function CopyLinePicker({
  sourceEmployeeId,
  employees,
  onConfirm,
  onClose,
}: Omit<CopyLineDialogProps, "open" | "sourceName">) {
  const t = useTranslations();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const candidates = employees.filter(
    (employee) =>
      employee.id !== sourceEmployeeId &&
      (!deferred || `${employee.id} ${employee.name}`.toLowerCase().includes(deferred)),
  );
  const shown = candidates.slice(0, SHOWN);

  return (
    <form
      method="dialog"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm([...chosen]);
      }}
    >
      <label className="block text-sm font-medium">
        {t("payrollEntries.copyLineSearch")}
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-1 block w-full rounded border border-slate-400 px-2 py-1.5"
        />
      </label>
      <button
        type="button"
        className="text-sm text-blue-700 underline"
        onClick={() => setChosen(new Set([...chosen, ...candidates.map((employee) => employee.id)]))}
      >
        {t("payrollEntries.copyLineSelectAll")}
      </button>
      <ul className="max-h-72 space-y-0.5 overflow-auto rounded border border-slate-200 p-2">
        {shown.map((employee) => (
          <li key={employee.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.has(employee.id)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(employee.id);
                  else next.delete(employee.id);
                  setChosen(next);
                }}
              />
              {employee.name} <span className="text-slate-500">#{employee.id}</span>
            </label>
          </li>
        ))}
        {candidates.length > SHOWN ? <li className="text-sm text-slate-500">… {candidates.length - SHOWN}</li> : null}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t("payrollEntries.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={chosen.size === 0}>
          {t("payrollEntries.copyLineConfirm", { count: chosen.size })}
        </Button>
      </div>
    </form>
  );
}
