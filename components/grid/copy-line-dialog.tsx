"use client";

import { useDeferredValue, useEffect, useRef, useState } from "react";
import { useI18n } from "@/components/i18n-provider";

const SHOWN = 200;

interface CopyLineDialogProps {
  open: boolean;
  sourceName: string;
  sourceEmployeeId: number;
  employees: readonly { id: number; name: string }[];
  onConfirm: (employeeIds: number[]) => void;
  onClose: () => void;
}

/** Picks the employees a line is copied to: search, tick, confirm. */
export function CopyLineDialog({ open, sourceName, sourceEmployeeId, employees, onConfirm, onClose }: CopyLineDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const deferred = useDeferredValue(query.trim().toLowerCase());

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setChosen(new Set());
      setQuery("");
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  // Closed, it renders nothing inside: the workbench re-renders on every edit.
  const candidates = !open ? [] : employees.filter((employee) => employee.id !== sourceEmployeeId && (!deferred || `${employee.id} ${employee.name}`.toLowerCase().includes(deferred)));
  const shown = candidates.slice(0, SHOWN);

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="copy-line-title" className="w-[32rem] max-w-full rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40">
      <form
        method="dialog"
        className="space-y-3 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm([...chosen]);
        }}
      >
        <h2 id="copy-line-title" className="text-lg font-semibold">
          {t("payrollEntries.copyLineTitle", { employee: sourceName })}
        </h2>
        <label className="block text-sm font-medium">
          {t("payrollEntries.copyLineSearch")}
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} className="mt-1 block w-full rounded border border-slate-400 px-2 py-1.5" />
        </label>
        <button type="button" className="text-sm text-blue-700 underline" onClick={() => setChosen(new Set([...chosen, ...candidates.map((employee) => employee.id)]))}>
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
          <button type="button" onClick={onClose} className="rounded border border-slate-400 px-3 py-1.5">
            {t("payrollEntries.cancel")}
          </button>
          <button type="submit" disabled={chosen.size === 0} className="rounded bg-blue-700 px-3 py-1.5 font-medium text-white disabled:opacity-50">
            {t("payrollEntries.copyLineConfirm", { count: chosen.size })}
          </button>
        </div>
      </form>
    </dialog>
  );
}
