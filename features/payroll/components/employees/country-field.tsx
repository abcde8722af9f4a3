"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { UseFormRegister } from "react-hook-form";
import type { EmployeeInput } from "@/features/payroll/employees/employee-schema";
import type { CountryChoice } from "@/features/payroll/employees/countries";

interface CountryFieldProps {
  /** Named in the person's language and sorted on the server. */
  countries: CountryChoice[];
  register: UseFormRegister<EmployeeInput>;
  error: string | undefined;
  /** Whether the country is required now (it is while the pension number is empty). */
  required: boolean;
  /** The form's "(optional)" mark beside the label; null while the field is required. */
  optionalMark: ReactNode;
}

/** The country of birth as a select of the service's countries; an error shows below it. */
export function CountryField({ countries, register, error, required, optionalMark }: CountryFieldProps) {
  const t = useTranslations();
  return (
    <div className="space-y-1">
      <label htmlFor="field-country" className="block font-medium">
        {t("payroll.fields.country")}
        {optionalMark}
      </label>
      <select
        id="field-country"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby="field-country-error"
        className="w-full rounded border border-slate-400 px-2 py-2"
        {...register("country")}
      >
        <option value="">{t("payroll.onboard.countryChoose")}</option>
        {countries.map((country) => (
          <option key={country.id} value={String(country.id)}>
            {country.label}
          </option>
        ))}
      </select>
      <p id="field-country-error" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
