import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClassName } from "@/components/ui/button";

/** A filter's choices: `value` is what goes in the URL. */
export interface FilterOption {
  value: string;
  label: string;
}

export interface AuditFilterLabels {
  heading: string;
  person: string;
  company: string;
  period: string;
  kind: string;
  from: string;
  to: string;
  any: string;
  apply: string;
  reset: string;
}

const INPUT = "w-full rounded border border-slate-400 bg-white px-3 py-2";

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

function Choice({
  id,
  name,
  label,
  any,
  options,
  value,
}: {
  id: string;
  name: string;
  label: string;
  any: string;
  options: FilterOption[];
  value?: string;
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={INPUT}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/**
 * The audit page's filters: a plain GET form, so the filters are the page's URL (bookmarkable,
 * shared with the CSV export) and it works before any script runs.
 */
export function AuditFilterForm(props: {
  labels: AuditFilterLabels;
  people: FilterOption[];
  companies: FilterOption[];
  kinds: FilterOption[];
  values: { person?: string; company?: number; period?: string; kind?: string; from?: string; to?: string };
}) {
  const { labels, values } = props;
  return (
    <form method="get" action="/audit" aria-labelledby="audit-filters-heading" className="space-y-3 rounded border border-slate-300 p-3">
      <h2 id="audit-filters-heading" className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Choice id="audit-person" name="person" label={labels.person} any={labels.any} options={props.people} value={values.person} />
        <Choice
          id="audit-company"
          name="company"
          label={labels.company}
          any={labels.any}
          options={props.companies}
          value={values.company?.toString()}
        />
        <Labelled id="audit-period" label={labels.period}>
          <input id="audit-period" name="period" type="month" defaultValue={values.period ?? ""} className={INPUT} />
        </Labelled>
        <Choice id="audit-kind" name="kind" label={labels.kind} any={labels.any} options={props.kinds} value={values.kind} />
        <Labelled id="audit-from" label={labels.from}>
          <input id="audit-from" name="from" type="date" defaultValue={values.from ?? ""} className={INPUT} />
        </Labelled>
        <Labelled id="audit-to" label={labels.to}>
          <input id="audit-to" name="to" type="date" defaultValue={values.to ?? ""} className={INPUT} />
        </Labelled>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClassName("primary")}>
          {labels.apply}
        </button>
        <Link href="/audit" className={buttonClassName("secondary")}>
          {labels.reset}
        </Link>
      </div>
    </form>
  );
}
