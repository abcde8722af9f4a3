import type { PresentedEntry, ShownEntry } from "@/lib/audit/present";

/**
 * The entries as a list of small cards rather than a wide table: each reads top to bottom at
 * 390 px. Old → new changes are a list of their own, each saying which line and field.
 */
export function AuditEntries({
  entries,
  labels,
}: {
  entries: ShownEntry[];
  labels: {
    list: string;
    none: string;
    company: string;
    period: string;
    change: (change: PresentedEntry["changes"][number]) => string;
  };
}) {
  if (entries.length === 0) return <p className="text-slate-700">{labels.none}</p>;
  return (
    <ol aria-label={labels.list} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded border border-slate-300 p-3">
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <span>{entry.when}</span>
            <span>{entry.who}</span>
            {entry.company ? (
              <span>
                {labels.company}: {entry.company}
              </span>
            ) : null}
            {entry.period ? (
              <span>
                {labels.period}: {entry.period}
              </span>
            ) : null}
          </p>
          <p className="font-semibold">{entry.what}</p>
          <p className="break-words">{entry.summary}</p>
          {entry.changes.length ? (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
              {entry.changes.map((change, index) => (
                <li key={index}>
                  {change.where ? <span className="text-slate-700">{change.where}: </span> : null}
                  {change.field ? labels.change(change) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
