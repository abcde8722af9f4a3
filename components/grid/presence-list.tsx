"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import type { GridModel } from "@/lib/payroll-grid/model";
import type { PresenceStore } from "./draft-sync";

/**
 * Who else has this grid open, and on which row: "Also here: Anna Berg (row 12, Müller, Max)".
 * A polite live region: screen readers hear people arrive and leave, not every move (the row
 * is in each name's text, read when the person reads the line).
 */
export function PresenceList({ store, model, employees }: { store: PresenceStore; model: GridModel; employees: ReadonlyMap<number, string> }) {
  const t = useTranslations();
  const peers = useSyncExternalStore(store.subscribe, store.get, store.get);
  const names = peers.map((peer) => {
    const index = peer.line === null ? -1 : model.lines.findIndex((line) => line.id === peer.line);
    const line = index >= 0 ? model.lines[index] : undefined;
    return line ? t("payrollEntries.alsoHereRow", { name: peer.name, row: index + 1, employee: employees.get(line.employeeId) ?? `#${line.employeeId}` }) : peer.name;
  });
  return (
    <p aria-live="polite" aria-atomic="true" data-testid="presence" className="text-sm text-slate-700">
      {names.length ? t("payrollEntries.alsoHere", { people: names.join("; ") }) : null}
    </p>
  );
}
