"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegister } from "react-hook-form";
import type { EmployeeInput } from "@/features/payroll/employees/employee-schema";

/** The two sex choices as words (the service's codes -1 and 0 stay the values); an error marks the group invalid. */
export function SexField({ register, error }: { register: UseFormRegister<EmployeeInput>; error: string | undefined }) {
  const t = useTranslations();
  const invalid = error ? true : undefined;
  const describedBy = error ? "field-sex-error" : undefined;
  return (
    // A radiogroup carries the group's state (aria-invalid is not for single radios): screen readers announce it on entering.
    <fieldset
      role="radiogroup"
      aria-required="true"
      className="space-y-1"
      aria-invalid={invalid}
      aria-describedby={describedBy}
    >
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
      <p id="field-sex-error" className="text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
