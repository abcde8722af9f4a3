"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import { emptyEmployeeInput, employeeSchema, REQUIRED_FIELDS, type EmployeeField, type EmployeeInput, type NewEmployee } from "@/lib/payroll/employee-schema";
import { hasEnded, operatesOn, successorOn, type Country, type HealthInsurance } from "@/lib/payroll/insurers";
import { errorText } from "./connect-form";
import { problemText, sendJson } from "./problem-text";

export interface OnboardFormProps {
  companyId: number;
  defaultEntry: string;
  today: string;
  proposedId: number;
  usedIds: number[];
  insurers: HealthInsurance[];
  countries: Country[];
  draft: EmployeeInput | null;
}

type DraftStatus = "idle" | "saving" | "saved" | "failed";

export function OnboardForm(props: OnboardFormProps) {
  const t = useTranslations();
  const [usedIds, setUsedIds] = useState(() => new Set(props.usedIds));
  const insurersByNumber = useMemo(() => new Map(props.insurers.map((insurer) => [insurer.number, insurer])), [props.insurers]);
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
  const form = useForm<EmployeeInput, unknown, NewEmployee>({ resolver: zodResolver(schema), defaultValues: initial, mode: "onTouched" });
  const { register, handleSubmit, formState, setError, setValue, getValues, reset, control } = form;
  const values = useWatch({ control });
  const [draftStatus, setDraftStatus] = useState<DraftStatus>("idle");
  const [summary, setSummary] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; id: number } | null>(null);
  const [proposedId, setProposedId] = useState(props.proposedId);
  const [lastSaved, setLastSaved] = useState(() => JSON.stringify(initial));

  // The draft is kept server-side, so a reload or a failed submit loses nothing typed.
  useEffect(() => {
    const text = JSON.stringify(values);
    if (text === lastSaved) return;
    const timer = setTimeout(async () => {
      setDraftStatus("saving");
      const { data } = await sendJson("PUT", `/api/payroll/companies/${props.companyId}/draft`, values).catch(() => ({ data: { ok: false } }));
      if (data.ok) setLastSaved(text);
      setDraftStatus(data.ok ? "saved" : "failed");
    }, 500);
    return () => clearTimeout(timer);
  }, [values, props.companyId, lastSaved]);

  const onValid = async () => {
    setSummary(null);
    setCreated(null);
    const input = getValues();
    const { data } = await sendJson<{ employee?: { id: number; first_name: string; last_name: string } }>("POST", `/api/payroll/companies/${props.companyId}/employees`, input);
    if (data.ok && data.employee) {
      const next = new Set(usedIds).add(data.employee.id);
      setUsedIds(next);
      let nextId = data.employee.id + 1;
      while (next.has(nextId)) nextId += 1;
      setProposedId(nextId);
      const empty = blank(nextId);
      setLastSaved(JSON.stringify(empty));
      reset(empty);
      setCreated({ name: `${data.employee.first_name} ${data.employee.last_name}`, id: data.employee.id });
      return;
    }
    const fields = (data.error?.fields ?? {}) as Partial<Record<EmployeeField, string>>;
    let first = true;
    for (const [field, code] of Object.entries(fields)) {
      setError(field as EmployeeField, { type: "server", message: code }, { shouldFocus: first });
      first = false;
    }
    setSummary(Object.keys(fields).length ? t("payroll.onboard.problems") : data.error?.code === "invalid" ? t("payrollErrors.invalid") : errorText(t, data.error?.code));
  };

  const onInvalid = () => setSummary(t("payroll.onboard.problems"));

  const errorOf = (field: EmployeeField) => {
    const message = formState.errors[field]?.message;
    return message ? problemText(t, String(message)) : undefined;
  };

  const field = (name: EmployeeField, options: { type?: string; hint?: string; autoComplete?: string; inputMode?: "numeric" | "email" } = {}) => (
    <TextField
      name={name}
      label={t(`payroll.fields.${name}`)}
      optional={!REQUIRED_FIELDS.includes(name)}
      optionalLabel={t("payroll.onboard.optional")}
      error={errorOf(name)}
      hint={options.hint}
      type={options.type}
      autoComplete={options.autoComplete}
      inputMode={options.inputMode}
      registration={register(name)}
    />
  );

  const insurerNumber = (values.health_insurance ?? "").trim();
  const chosenInsurer = insurersByNumber.get(insurerNumber);
  const entryDate = values.entry && /^\d{4}-\d{2}-\d{2}$/.test(values.entry) ? values.entry : props.defaultEntry;
  const successor = chosenInsurer && !operatesOn(chosenInsurer, entryDate) ? successorOn(chosenInsurer, insurersByNumber, entryDate) : null;

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="max-w-3xl space-y-6">
      {created ? (
        <p role="status" className="rounded border border-green-400 bg-green-50 p-3">
          {t("payroll.onboard.created", { name: created.name, id: created.id })}{" "}
          <Link href={`/payroll/companies/${props.companyId}`} className="text-blue-700 underline">
            {t("payroll.company.employees")}
          </Link>
        </p>
      ) : null}
      {summary ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3">
          {summary}
        </p>
      ) : null}

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t("payroll.onboard.personal")}</legend>
        {field("id", { inputMode: "numeric", hint: t("payroll.onboard.idProposed", { id: proposedId }) })}
        <div />
        {field("first_name", { autoComplete: "off" })}
        {field("last_name", { autoComplete: "off" })}
        <fieldset className="space-y-1" aria-describedby={errorOf("sex") ? "field-sex-error" : undefined}>
          <legend className="font-medium">{t("payroll.fields.sex")}</legend>
          <div className="flex gap-4">
            <label className="flex items-center gap-2">
              <input type="radio" value="-1" {...register("sex")} />
              {t("payroll.onboard.sexFemale")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="0" {...register("sex")} />
              {t("payroll.onboard.sexMale")}
            </label>
          </div>
          <p id="field-sex-error" className="text-sm text-red-700">{errorOf("sex")}</p>
        </fieldset>
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
        {field("entry", { type: "date", hint: t("payroll.onboard.entryDefault", { date: props.defaultEntry }) })}
        <div className="space-y-1">
          <label htmlFor="field-health_insurance" className="block font-medium">
            {t("payroll.fields.health_insurance")}
          </label>
          <input
            id="field-health_insurance"
            list="insurer-options"
            autoComplete="off"
            aria-invalid={errorOf("health_insurance") ? true : undefined}
            aria-describedby="field-health_insurance-hint field-health_insurance-error"
            className="w-full rounded border border-slate-400 px-3 py-2"
            {...register("health_insurance", {
              onBlur: (event: { target: { value: string } }) => {
                const typed = event.target.value.trim().toLocaleLowerCase();
                const byName = props.insurers.find((insurer) => insurer.name.toLocaleLowerCase() === typed);
                if (byName) setValue("health_insurance", byName.number, { shouldValidate: true });
              },
            })}
          />
          <datalist id="insurer-options">
            {props.insurers.map((insurer) => (
              <option key={insurer.number} value={insurer.number} label={`${insurer.name}${hasEnded(insurer, props.today) ? ` (${t("payroll.onboard.insurerEnded")})` : ""}`} />
            ))}
          </datalist>
          <p id="field-health_insurance-hint" className="text-sm text-slate-600">
            {chosenInsurer ? (
              <span>
                {chosenInsurer.name}
                {chosenInsurer.availableTo
                  ? ` — ${t(hasEnded(chosenInsurer, props.today) ? "payroll.onboard.insurerEndedOn" : "payroll.onboard.insurerEndsOn", { date: chosenInsurer.availableTo })}`
                  : ""}
              </span>
            ) : (
              t("payroll.onboard.insurerSearch")
            )}
          </p>
          {successor && chosenInsurer ? (
            <div role="status" className="rounded border border-amber-400 bg-amber-50 p-2 text-sm">
              <p>{t("payroll.onboard.useSuccessor", { name: chosenInsurer.name, successor: successor.name })}</p>
              <button type="button" className="mt-1 rounded border border-slate-400 bg-white px-2 py-1" onClick={() => setValue("health_insurance", successor.number, { shouldValidate: true, shouldDirty: true })}>
                {t("payroll.onboard.useSuccessorButton", { successor: successor.name })}
              </button>
            </div>
          ) : null}
          <p id="field-health_insurance-error" className="text-sm text-red-700">{errorOf("health_insurance")}</p>
        </div>
        {field("insurance_number", { autoComplete: "off" })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t("payroll.onboard.birth")}</legend>
        {field("birth_date", { type: "date" })}
        {field("birth_name")}
        {field("birth_place")}
        <div className="space-y-1">
          <label htmlFor="field-country" className="block font-medium">
            {t("payroll.fields.country")}
          </label>
          <select id="field-country" aria-invalid={errorOf("country") ? true : undefined} aria-describedby="field-country-error" className="w-full rounded border border-slate-400 px-2 py-2" {...register("country")}>
            <option value="">{t("payroll.onboard.countryChoose")}</option>
            {props.countries.map((country) => (
              <option key={country.id} value={String(country.id)}>
                {country.name}
              </option>
            ))}
          </select>
          <p id="field-country-error" className="text-sm text-red-700">{errorOf("country")}</p>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting} className="rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
          {formState.isSubmitting ? t("payroll.onboard.submitting") : t("payroll.onboard.submit")}
        </button>
        <button type="button" className="rounded border border-slate-400 bg-white px-4 py-2" onClick={() => reset(blank(proposedId))}>
          {t("payroll.onboard.discard")}
        </button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {draftStatus === "saving" ? t("payroll.onboard.draftSaving") : draftStatus === "saved" ? t("payroll.onboard.draftSaved") : draftStatus === "failed" ? t("payroll.onboard.draftFailed") : ""}
        </p>
      </div>
    </form>
  );
}

function TextField(props: {
  name: EmployeeField;
  label: string;
  optional: boolean;
  optionalLabel: string;
  error?: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email";
  registration: UseFormRegisterReturn;
}) {
  const id = `field-${props.name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {props.label}
        {props.optional ? <span className="ml-1 text-sm font-normal text-slate-600">({props.optionalLabel})</span> : null}
      </label>
      <input
        id={id}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className="w-full rounded border border-slate-400 px-3 py-2"
        {...props.registration}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="text-sm text-red-700">
        {props.error}
      </p>
    </div>
  );
}
