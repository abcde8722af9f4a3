"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { UseFormRegister } from "react-hook-form";
import type { EmployeeInput } from "@/features/payroll/employees/employee-schema";
import type { CountryChoice } from "@/features/payroll/employees/countries";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

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
    <Field
      id="field-country"
      label={
        <>
          {t("payroll.fields.country")}
          {optionalMark}
        </>
      }
      error={error}
    >
      {(control) => (
        <Select
          {...control}
          aria-required={required || undefined}
          className="w-full"
          placeholder={t("payroll.onboard.countryChoose")}
          options={countries.map((country) => ({ value: String(country.id), label: country.label }))}
          {...register("country")}
        />
      )}
    </Field>
  );
}
