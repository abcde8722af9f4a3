"use client";

import { useTranslations } from "next-intl";
import type { GridModel } from "@/features/payroll/grid/model";
import type { PresenceStore } from "@/features/payroll/entries/client/draft-saver/presence";
import { useStore } from "@/lib/store/use-store";

/**
 * Who else has this grid open, and on which row: "Also here: Anna Berg (row 12, Müller, Max)".
 * Screen readers hear people arrive and leave (a polite live region of the names alone), not
 * every move of theirs; the rows are in the visible line, read when the person reads it.
 */
export function PresenceList({
  store,
  model,
  employees,
}: {
  store: PresenceStore;
  model: GridModel;
  employees: ReadonlyMap<number, string>;
}) {
  const t = useTranslations();
  const peers = useStore(store);
  const names = peers.map((peer) => {
    const index = peer.line === null ? -1 : model.lines.findIndex((line) => line.id === peer.line);
    const line = index >= 0 ? model.lines[index] : undefined;
    return line
      ? t("payrollEntries.alsoHereRow", {
          name: peer.name,
          row: index + 1,
          employee: employees.get(line.employeeId) ?? `#${line.employeeId}`,
        })
      : peer.name;
  });
  const who = [...new Set(peers.map((peer) => peer.name))].join("; ");
  return (
    <>
      <p data-testid="presence" className="text-sm text-slate-700">
        {names.length ? t("payrollEntries.alsoHere", { people: names.join("; ") }) : null}
      </p>
      <p aria-live="polite" className="sr-only">
        {who ? t("payrollEntries.alsoHere", { people: who }) : null}
      </p>
    </>
  );
}
