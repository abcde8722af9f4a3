"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { financialYearOf, presetOf, presetRange, PRESETS, type Preset } from "@/features/trial-balance/presets";
import { formatFinancialYear } from "@/lib/i18n/format";
import { queryString, validateQuery, type QueryFieldErrors, type RawQuery, type TrialBalanceQuery } from "@/features/trial-balance/query";
import { useStaleFigures } from "./stale-figures";
import { FinancialYearButton, type FinancialYear } from "./financial-year-button";

const FIELD = "rounded border border-slate-400 bg-white px-2 py-1.5 aria-[invalid=true]:border-red-700";

const QUICK: Preset[] = ["thisMonth", "lastMonth", "thisQuarter", "lastQuarter", "yearToDate", "thisYear", "lastYear"];
const QUARTERS = PRESETS.filter((preset) => !QUICK.includes(preset));
const PILL =
  "inline-block rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 aria-[current=true]:border-blue-700 aria-[current=true]:bg-blue-50 aria-[current=true]:font-semibold";

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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {t(`trialBalance.range.${name}`)}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="date"
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={FIELD}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="max-w-56 text-sm text-red-800">
            {t(`trialBalance.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 print:hidden">
      <form action="/trial-balance" method="get" onSubmit={submit} noValidate className="space-y-3">
        <fieldset className="flex flex-wrap items-start gap-4">
          <legend className="sr-only">{t("trialBalance.range.legend")}</legend>
          {dateField("from")}
          {dateField("to")}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-compare`} className="text-sm font-medium">
              {t("trialBalance.range.compare")}
            </label>
            <select
              id={`${id}-compare`}
              name="compare"
              value={compare}
              onChange={(event) => setCompare(event.target.value)}
              className={FIELD}
            >
              <option value="none">{t("trialBalance.range.compareNone")}</option>
              <option value="period">{t("trialBalance.range.comparePeriod")}</option>
              <option value="year">{t("trialBalance.range.compareYear")}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-columns`} className="text-sm font-medium">
              {t("trialBalance.range.columns")}
            </label>
            <select
              id={`${id}-columns`}
              name="columns"
              value={columns}
              onChange={(event) => setColumns(event.target.value)}
              className={FIELD}
            >
              <option value="single">{t("trialBalance.range.columnsSingle")}</option>
              <option value="months">{t("trialBalance.range.columnsMonths")}</option>
              <option value="quarters">{t("trialBalance.range.columnsQuarters")}</option>
            </select>
          </div>
          {compare !== "none" || columns !== "single" ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-basis`} className="text-sm font-medium">
                {columns !== "single" ? t("trialBalance.range.figures") : t("trialBalance.range.basis")}
              </label>
              <select id={`${id}-basis`} name="basis" defaultValue={keep.basis} className={FIELD}>
                <option value="closing">{t("trialBalance.range.basisClosing")}</option>
                <option value="movement">{t("trialBalance.range.basisMovement")}</option>
              </select>
            </div>
          ) : null}
          {values.business ? <input type="hidden" name="business" value={values.business} /> : null}
          <Button type="submit" disabled={pending} aria-busy={pending} className="mt-6">
            {t("trialBalance.range.show")}
          </Button>
        </fieldset>
        <nav aria-label={t("trialBalance.range.presets")} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <ul className="flex flex-wrap gap-2 text-sm">
            {QUICK.map((preset) => (
              <li key={preset}>
                <Link
                  href={`/trial-balance?${queryString({ ...presetRange(preset, today, fy), ...keep })}`}
                  aria-current={active === preset ? "true" : undefined}
                  className={PILL}
                >
                  {t(`trialBalance.range.${preset}`)}
                </Link>
              </li>
            ))}
          </ul>
          <ul
            className="flex flex-wrap items-center gap-2 text-sm"
            aria-label={t("trialBalance.range.quartersOf", { year: formatFinancialYear(financialYearOf(today, fy), fy) })}
          >
            <li aria-hidden="true" className="text-slate-700">
              {t("trialBalance.range.quartersOf", { year: formatFinancialYear(financialYearOf(today, fy), fy) })}:
            </li>
            {QUARTERS.map((preset) => (
              <li key={preset}>
                <Link
                  href={`/trial-balance?${queryString({ ...presetRange(preset, today, fy), ...keep })}`}
                  aria-current={active === preset ? "true" : undefined}
                  className={PILL}
                >
                  {t(`trialBalance.range.${preset}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </form>
      {/* Outside the form above: its own form cannot nest in it. */}
      <FinancialYearButton financialYear={financialYear} />
    </div>
  );
}
