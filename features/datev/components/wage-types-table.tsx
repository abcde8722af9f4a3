"use client";

import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { typeLabels } from "@/features/payroll/entries/labels";
import type { CompanyDatevInput } from "../settings/schemas";
import { CARRIERS, GRID_TYPES } from "../settings/wage-types";
import { errorText } from "./error-text";

type Row = CompanyDatevInput["wageTypes"][number];
export type WageTypePath = `wageTypes.${number}.${"wageTypeNumber" | "processingKey" | "carries"}`;

/** Every row's field paths: where a refused save's field errors land. */
export const WAGE_TYPE_PATHS: WageTypePath[] = GRID_TYPES.flatMap((_, index) =>
  (["wageTypeNumber", "processingKey", "carries"] as const).map((field) => `wageTypes.${index}.${field}` as const),
);

/**
 * The table `Wage types`: one row per grid type with its `Wage type number`, `Processing key` and
 * the value it carries. The company's DATEV section and the firm's defaults on /settings/workspace
 * both show it, each over its own form (the rows are the same schema's: ../settings/schemas.ts).
 */
export function WageTypesTable(props: {
  register: (name: WageTypePath) => UseFormRegisterReturn;
  errors: FieldErrors<Row>[] | undefined;
  disabled: boolean;
  caption?: string;
}) {
  const t = useTranslations();
  const locale = useLocale() as "en" | "de";
  const labels = { ...typeLabels("hours"), ...typeLabels("payments") };
  const { disabled } = props;
  const caption = props.caption ?? t("datev.wageTypes");
  const message = (code: string | undefined) =>
    code ? (
      <p role="alert" className="text-red-700">
        {errorText(t, code)}
      </p>
    ) : null;
  return (
    <table className="w-full text-sm" aria-label={caption}>
      <caption className="text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col">{t("datev.type")}</th>
          <th scope="col">{t("datev.wageTypeNumber")}</th>
          <th scope="col">{t("datev.processingKey")}</th>
          <th scope="col">{t("datev.carries")}</th>
        </tr>
      </thead>
      <tbody>
        {GRID_TYPES.map(({ kind, type }, index) => {
          const label = labels[type]?.[locale] ?? type;
          const rowErrors = props.errors?.[index];
          return (
            <tr key={type}>
              <th scope="row" className="pr-2 text-left font-normal">
                {label}
              </th>
              <td>
                <input
                  aria-label={`${t("datev.wageTypeNumber")} ${label}`}
                  inputMode="numeric"
                  readOnly={disabled}
                  className="w-24 rounded border px-2 py-1"
                  aria-invalid={rowErrors?.wageTypeNumber ? true : undefined}
                  {...props.register(`wageTypes.${index}.wageTypeNumber`)}
                />
                {message(rowErrors?.wageTypeNumber?.message)}
              </td>
              <td>
                <input
                  aria-label={`${t("datev.processingKey")} ${label}`}
                  inputMode="numeric"
                  readOnly={disabled}
                  className="w-16 rounded border px-2 py-1"
                  aria-invalid={rowErrors?.processingKey ? true : undefined}
                  {...props.register(`wageTypes.${index}.processingKey`)}
                />
                {message(rowErrors?.processingKey?.message)}
              </td>
              <td>
                <select
                  aria-label={`${t("datev.carries")} ${label}`}
                  disabled={disabled}
                  className="rounded border px-2 py-1"
                  aria-invalid={rowErrors?.carries ? true : undefined}
                  {...props.register(`wageTypes.${index}.carries`)}
                >
                  {CARRIERS[kind].map((carrier) => (
                    <option key={carrier} value={carrier}>
                      {t(`datev.carriers.${carrier}`)}
                    </option>
                  ))}
                </select>
                {message(rowErrors?.carries?.message)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
