"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormRow } from "@/components/ui/form-row";
import { Select } from "@/components/ui/select";
import { financialYearOf, presetOf, presetRange, PRESETS, type Preset } from "@/features/trial-balance/presets";
import { formatFinancialYear } from "@/lib/i18n/format";
import {
  queryString,
  validateQuery,
  type QueryFieldErrors,
  type RawQuery,
  type TrialBalanceQuery,
} from "@/features/trial-balance/query";
import { useStaleFigures } from "./stale-figures";
import { FinancialYearButton, type FinancialYear } from "./financial-year-button";
import { PresetLinks } from "./preset-links";

const FIELD = "rounded border border-slate-400 bg-white px-2 py-1.5 aria-[invalid=true]:border-red-700";

const QUICK: Preset[] = ["thisMonth", "lastMonth", "thisQuarter", "lastQuarter", "yearToDate", "thisYear", "lastYear"];
const QUARTERS = PRESETS.filter((preset) => !QUICK.includes(preset));

/** Period (From, To, quick periods of the financial year), columns and comparison; submits to the URL so every view is a link. */
export function RangeForm({
  values,
  errors: initialErrors,
  today,
  financialYear,
}: {
  values: RawQuery;
  errors: QueryFieldErrors;
  today: string;
  financialYear: FinancialYear;
}) {
  const t = useTranslations();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<QueryFieldErrors>(initialErrors);
  const [compare, setCompare] = useState(values.compare);
  const [columns, setColumns] = useState(values.columns ?? "single");
  const fy = financialYear.startMonth;
  const [pending, startTransition] = useTransition();
  const { setStale } = useStaleFigures();
  const keep = {
    compare: values.compare === "period" || values.compare === "year" ? values.compare : "none",
    basis: values.basis === "movement" ? "movement" : "closing",
    columns: values.columns === "months" || values.columns === "quarters" ? values.columns : "single",
    business: values.business,
  } as Pick<TrialBalanceQuery, "compare" | "basis" | "columns" | "business">;
  const active = presetOf(values, today, fy);
  const href = (preset: Preset) => `/trial-balance?${queryString({ ...presetRange(preset, today, fy), ...keep })}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    const business = field("business");
    const result = validateQuery(
      {
        from: field("from"),
        to: field("to"),
        compare: field("compare"),
        basis: field("basis") || "closing",
        columns: field("columns"),
        ...(business ? { business } : {}),
      },
      fy,
    );
    if (!result.ok) {
      setErrors(result.errors);
      // The figures below stay those of the period shown before: they say they are out of date.
      setStale(true);
      const first = result.errors.from ? "from" : "to";
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setStale(false);
    startTransition(() => router.push(`/trial-balance?${queryString(result.query)}`));
  }

  const dateField = (name: "from" | "to") => {
    const error = errors[name];
    return (
      <Field
        compact
        id={`${id}-${name}`}
        label={t(`trialBalance.range.${name}`)}
        error={error ? t(`trialBalance.errors.${error}`) : undefined}
        className="flex max-w-56 flex-col gap-1"
      >
        {(control) => <input {...control} name={name} type="date" defaultValue={values[name]} className={FIELD} />}
      </Field>
    );
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
      <form action="/trial-balance" method="get" onSubmit={submit} noValidate className="space-y-3">
        <FormRow legend={t("trialBalance.range.legend")} legendHidden align="start">
          {dateField("from")}
          {dateField("to")}
          <Field compact id={`${id}-compare`} label={t("trialBalance.range.compare")}>
            {(control) => (
              <Select
                {...control}
                name="compare"
                value={compare}
                onChange={(event) => setCompare(event.target.value)}
                options={[
                  { value: "none", label: t("trialBalance.range.compareNone") },
                  { value: "period", label: t("trialBalance.range.comparePeriod") },
                  { value: "year", label: t("trialBalance.range.compareYear") },
                ]}
              />
            )}
          </Field>
          <Field compact id={`${id}-columns`} label={t("trialBalance.range.columns")}>
            {(control) => (
              <Select
                {...control}
                name="columns"
                value={columns}
                onChange={(event) => setColumns(event.target.value)}
                options={[
                  { value: "single", label: t("trialBalance.range.columnsSingle") },
                  { value: "months", label: t("trialBalance.range.columnsMonths") },
                  { value: "quarters", label: t("trialBalance.range.columnsQuarters") },
                ]}
              />
            )}
          </Field>
          {compare !== "none" || columns !== "single" ? (
            <Field
              compact
              id={`${id}-basis`}
              label={columns !== "single" ? t("trialBalance.range.figures") : t("trialBalance.range.basis")}
            >
              {(control) => (
                <Select
                  {...control}
                  name="basis"
                  defaultValue={keep.basis}
                  options={[
                    { value: "closing", label: t("trialBalance.range.basisClosing") },
                    { value: "movement", label: t("trialBalance.range.basisMovement") },
                  ]}
                />
              )}
            </Field>
          ) : null}
          {values.business ? <input type="hidden" name="business" value={values.business} /> : null}
          <Button type="submit" disabled={pending} aria-busy={pending} className="mt-6">
            {t("trialBalance.range.show")}
          </Button>
        </FormRow>
        <nav aria-label={t("trialBalance.range.presets")} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <PresetLinks presets={QUICK} href={href} active={active} />
          <PresetLinks
            presets={QUARTERS}
            href={href}
            active={active}
            caption={t("trialBalance.range.quartersOf", { year: formatFinancialYear(financialYearOf(today, fy), fy) })}
          />
        </nav>
      </form>
      {/* Outside the form above: its own form cannot nest in it. */}
      <FinancialYearButton financialYear={financialYear} />
    </div>
  );
}
