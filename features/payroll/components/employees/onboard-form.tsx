"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorBody, errorMessage, isTransient } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/features/payroll/client/api";
import {
  emptyEmployeeInput,
  employeeSchema,
  isRequiredField,
  type EmployeeField,
  type EmployeeInput,
  type NewEmployee,
} from "@/features/payroll/employees/employee-schema";
import type { HealthInsurance } from "@/features/payroll/employees/insurers";
import { payrollKeys } from "@/features/payroll/query-keys";
import { formatDay } from "@/lib/i18n/format";
import type { CountryChoice } from "@/features/payroll/employees/countries";
import { CountryField } from "./country-field";
import { InsurerField } from "./insurer-field";
import { SexField } from "./sex-field";
import { problemText } from "../connection/problem-text";

export interface OnboardFormProps {
  companyId: number;
  defaultEntry: string;
  today: string;
  proposedId: number;
  usedIds: number[];
  insurers: HealthInsurance[];
  /** Named in the person's language and sorted on the server (the browser's country names may differ from Node's). */
  countries: CountryChoice[];
  draft: EmployeeInput | null;
}

export function OnboardForm(props: OnboardFormProps) {
  const t = useTranslations();
  const locale = useLocale();
  const [usedIds, setUsedIds] = useState(() => new Set(props.usedIds));
  const insurersByNumber = useMemo(
    () => new Map(props.insurers.map((insurer) => [insurer.number, insurer])),
    [props.insurers],
  );
  const schema = useMemo(
    () =>
      employeeSchema({
        companyId: props.companyId,
        defaultEntry: props.defaultEntry,
        today: props.today,
        insurers: insurersByNumber.size ? insurersByNumber : undefined,
        countries: props.countries.length ? new Set(props.countries.map((country) => country.id)) : undefined,
        usedIds,
      }),
    [props.companyId, props.defaultEntry, props.today, props.countries, insurersByNumber, usedIds],
  );
  const blank = (id: number): EmployeeInput => ({ ...emptyEmployeeInput(), id: String(id), entry: props.defaultEntry });
  const initial = props.draft ?? blank(props.proposedId);
  const form = useForm<EmployeeInput, unknown, NewEmployee>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: "onTouched",
  });
  const { register, handleSubmit, formState, setError, setValue, getValues, reset, control } = form;
  const values = useWatch({ control });
  const [summary, setSummary] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; id: number } | null>(null);
  const [proposedId, setProposedId] = useState(props.proposedId);
  const [lastSaved, setLastSaved] = useState(() => JSON.stringify(initial));
  const queryClient = useQueryClient();

  // The draft is kept server-side, so a reload or a failed submit loses nothing typed.
  const { mutate: saveDraft, status: draftStatus } = useMutation({
    mutationKey: payrollKeys.draft(props.companyId),
    mutationFn: ({ draft }: { draft: typeof values; text: string }) =>
      payrollApi.saveOnboardingDraft({ ...draft, companyId: String(props.companyId) }),
    retry: (failures, error) => failures < 2 && isTransient(error),
    onSuccess: (_answer, { text }) => setLastSaved(text),
  });
  useEffect(() => {
    const text = JSON.stringify(values);
    if (text === lastSaved) return;
    // Debounced: one save when typing pauses, not one per key.
    const timer = setTimeout(() => saveDraft({ draft: values, text }), 500);
    return () => clearTimeout(timer);
  }, [values, lastSaved, saveDraft]);

  const create = useMutation({
    mutationFn: (input: EmployeeInput) => payrollApi.createEmployee({ ...input, companyId: props.companyId }),
    onSuccess: async ({ employee }) => {
      const next = new Set(usedIds).add(employee.id);
      setUsedIds(next);
      let nextId = employee.id + 1;
      while (next.has(nextId)) nextId += 1;
      setProposedId(nextId);
      const empty = blank(nextId);
      setLastSaved(JSON.stringify(empty));
      reset(empty);
      setCreated({ name: `${employee.first_name} ${employee.last_name}`, id: employee.id });
      await queryClient.invalidateQueries({ queryKey: payrollKeys.employees(props.companyId) });
    },
    onError: (error) => {
      const fields = (errorBody(error).fields ?? {}) as Partial<Record<EmployeeField, string>>;
      let first = true;
      for (const [field, code] of Object.entries(fields)) {
        setError(field as EmployeeField, { type: "server", message: code }, { shouldFocus: first });
        first = false;
      }
      setSummary(Object.keys(fields).length ? t("payroll.onboard.problems") : errorMessage(t, error));
    },
  });

  const onValid = () => {
    setSummary(null);
    setCreated(null);
    create.mutate(getValues());
  };

  const onInvalid = () => setSummary(t("payroll.onboard.problems"));

  const errorOf = (field: EmployeeField) => {
    const message = formState.errors[field]?.message;
    return message ? problemText(t, String(message)) : undefined;
  };

  // Birth date, place and country are required exactly while the pension number is empty.
  const optionalMark = (name: EmployeeField) =>
    isRequiredField(name, values) ? null : (
      <span className="ml-1 text-sm font-normal text-slate-600">({t("payroll.onboard.optional")})</span>
    );
  const field = (
    name: EmployeeField,
    options: { type?: string; hint?: string; autoComplete?: string; inputMode?: "numeric" | "email" } = {},
  ) => (
    <Field
      id={`field-${name}`}
      label={
        <>
          {t(`payroll.fields.${name}`)}
          {optionalMark(name)}
        </>
      }
      aria-required={isRequiredField(name, values) || undefined}
      error={errorOf(name)}
      hint={options.hint}
      type={options.type ?? "text"}
      autoComplete={options.autoComplete}
      inputMode={options.inputMode}
      {...register(name)}
    />
  );

  const entryDate = values.entry && /^\d{4}-\d{2}-\d{2}$/.test(values.entry) ? values.entry : props.defaultEntry;

  return (
    <form onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate className="max-w-3xl space-y-6">
      {created ? (
        <Notice tone="success">
          <p>
            {t("payroll.onboard.created", { name: created.name, id: created.id })}{" "}
            <Link href={`/payroll/companies/${props.companyId}`} className="text-blue-700 underline">
              {t("payroll.company.employees")}
            </Link>
          </p>
        </Notice>
      ) : null}
      {summary ? <Notice tone="error">{summary}</Notice> : null}

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t("payroll.onboard.personal")}</legend>
        {field("id", { inputMode: "numeric", hint: t("payroll.onboard.idProposed", { id: proposedId }) })}
        <div />
        {field("first_name", { autoComplete: "off" })}
        {field("last_name", { autoComplete: "off" })}
        <SexField register={register} error={errorOf("sex")} />
        {field("email", { type: "email", inputMode: "email", autoComplete: "off" })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 font-semibold">{t("payroll.onboard.address")}</legend>
        {field("street_address")}
        {field("postal_code", { inputMode: "numeric" })}
        {field("location")}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t("payroll.onboard.employment")}</legend>
        {field("entry", {
          type: "date",
          hint: t("payroll.onboard.entryDefault", { date: formatDay(locale, props.defaultEntry) }),
        })}
        <InsurerField
          insurers={props.insurers}
          insurersByNumber={insurersByNumber}
          today={props.today}
          entryDate={entryDate}
          number={values.health_insurance ?? ""}
          error={errorOf("health_insurance")}
          register={register}
          setValue={setValue}
        />
        {field("insurance_number", { autoComplete: "off" })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t("payroll.onboard.birth")}</legend>
        {field("birth_date", { type: "date" })}
        {field("birth_name")}
        {field("birth_place")}
        <CountryField
          countries={props.countries}
          register={register}
          error={errorOf("country")}
          required={isRequiredField("country", values)}
          optionalMark={optionalMark("country")}
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? t("payroll.onboard.submitting") : t("payroll.onboard.submit")}
        </Button>
        <Button variant="secondary" onClick={() => reset(blank(proposedId))}>
          {t("payroll.onboard.discard")}
        </Button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {draftStatus === "pending"
            ? t("payroll.onboard.draftSaving")
            : draftStatus === "success"
              ? t("payroll.onboard.draftSaved")
              : draftStatus === "error"
                ? t("payroll.onboard.draftFailed")
                : ""}
        </p>
      </div>
    </form>
  );
}
