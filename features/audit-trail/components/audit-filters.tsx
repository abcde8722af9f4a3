import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

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
    <Field id={id} label={label}>
      {(control) => (
        <Select
          {...control}
          name={name}
          defaultValue={value ?? ""}
          className="w-full"
          placeholder={any}
          options={options}
        />
      )}
    </Field>
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
    <form
      method="get"
      action="/audit"
      aria-labelledby="audit-filters-heading"
      className="space-y-3 rounded border border-slate-300 p-3"
    >
      <h2 id="audit-filters-heading" className="text-lg font-semibold">
        {labels.heading}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Choice
          id="audit-person"
          name="person"
          label={labels.person}
          any={labels.any}
          options={props.people}
          value={values.person}
        />
        <Choice
          id="audit-company"
          name="company"
          label={labels.company}
          any={labels.any}
          options={props.companies}
          value={values.company?.toString()}
        />
        <Field id="audit-period" label={labels.period} name="period" type="month" defaultValue={values.period ?? ""} />
        <Choice
          id="audit-kind"
          name="kind"
          label={labels.kind}
          any={labels.any}
          options={props.kinds}
          value={values.kind}
        />
        <Field id="audit-from" label={labels.from} name="from" type="date" defaultValue={values.from ?? ""} />
        <Field id="audit-to" label={labels.to} name="to" type="date" defaultValue={values.to ?? ""} />
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
