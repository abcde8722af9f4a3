"use client";

import { useTranslations } from "next-intl";
import type { ClientCompany, NamedClientCompany } from "@/features/workspaces/schemas";

const keyOf = (company: ClientCompany) => `${company.connectionId}/${company.companyId}`;

/**
 * The companies a client reaches, as checkboxes (the workspace's payroll companies, by name and
 * number). At least one is required: the error names the fieldset, read with it.
 */
export function CompanyCheckboxes({
  choices,
  value,
  onChange,
  error,
  disabled,
  legend,
  id,
}: {
  choices: readonly NamedClientCompany[];
  value: readonly ClientCompany[];
  onChange: (companies: ClientCompany[]) => void;
  error?: string;
  disabled?: boolean;
  legend?: string;
  id: string;
}) {
  const t = useTranslations();
  const chosen = new Set(value.map(keyOf));
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-1" aria-describedby={`${id}-hint${error ? ` ${errorId}` : ""}`}>
      <legend className="font-medium">{legend ?? t("clients.companiesLabel")}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {choices.length === 0 ? t("clients.noCompanies") : t("clients.companiesHint")}
      </p>
      <div className="flex flex-col gap-1">
        {choices.map((company) => (
          <label key={keyOf(company)} className="flex min-h-8 items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={chosen.has(keyOf(company))}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, { connectionId: company.connectionId, companyId: company.companyId }]
                    : value.filter((held) => keyOf(held) !== keyOf(company)),
                )
              }
            />
            {company.name} ({company.companyId})
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
