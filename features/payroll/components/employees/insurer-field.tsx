"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDay } from "@/lib/i18n/format";
import { resolveInsurer } from "@/features/payroll/employees/employee-input";
import type { UseFormRegister, UseFormSetValue } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { EmployeeInput } from "@/features/payroll/employees/employee-schema";
import { hasEnded, operatesOn, successorOn, type HealthInsurance } from "@/features/payroll/employees/insurers";

/**
 * The onboarding form's health insurer: a number with the insurers as suggestions, a typed name
 * taken as its number, the chosen insurer's end date, and its successor offered when the chosen
 * one no longer operates on the entry date.
 */
export function InsurerField(props: {
  insurers: readonly HealthInsurance[];
  insurersByNumber: ReadonlyMap<string, HealthInsurance>;
  today: string;
  /** The entry date the successor is judged on. */
  entryDate: string;
  number: string;
  error: string | undefined;
  register: UseFormRegister<EmployeeInput>;
  setValue: UseFormSetValue<EmployeeInput>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const { insurers, insurersByNumber, today, entryDate, register, setValue } = props;
  const chosen = insurersByNumber.get(props.number.trim());
  const successor = chosen && !operatesOn(chosen, entryDate) ? successorOn(chosen, insurersByNumber, entryDate) : null;
  return (
    <Field
      id="field-health_insurance"
      label={t("payroll.fields.health_insurance")}
      hint={
        chosen ? (
          <span>
            {chosen.name}
            {chosen.availableTo
              ? ` — ${t(hasEnded(chosen, today) ? "payroll.onboard.insurerEndedOn" : "payroll.onboard.insurerEndsOn", { date: formatDay(locale, chosen.availableTo) })}`
              : ""}
          </span>
        ) : (
          t("payroll.onboard.insurerSearch")
        )
      }
      hintClassName="text-sm text-slate-600"
      after={
        successor && chosen ? (
          <Notice tone="warning" className="text-sm">
            <p>{t("payroll.onboard.useSuccessor", { name: chosen.name, successor: successor.name })}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-1"
              onClick={() =>
                setValue("health_insurance", successor.number, { shouldValidate: true, shouldDirty: true })
              }
            >
              {t("payroll.onboard.useSuccessorButton", { successor: successor.name })}
            </Button>
          </Notice>
        ) : null
      }
      error={props.error}
    >
      {(control) => (
        <>
          <input
            {...control}
            list="insurer-options"
            autoComplete="off"
            className="w-full rounded border border-slate-400 px-3 py-2"
            {...register("health_insurance", {
              onBlur: (event: { target: { value: string } }) => {
                // A name only one insurer has is taken as its number (the import's rule).
                const resolved = resolveInsurer(event.target.value, insurersByNumber);
                if (!resolved.problem && resolved.value !== event.target.value)
                  setValue("health_insurance", resolved.value, { shouldValidate: true });
              },
            })}
          />
          <datalist id="insurer-options">
            {insurers.map((insurer) => (
              <option
                key={insurer.number}
                value={insurer.number}
                label={`${insurer.name}${hasEnded(insurer, today) ? ` (${t("payroll.onboard.insurerEnded")})` : ""}`}
              />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
