"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { placeServerErrors } from "@/features/month-close/components/settings/settings-form";
import { datevApi } from "../client/api";
import { employeeDatevInputSchema } from "../settings/schemas";
import { errorText } from "./error-text";

export interface PersonnelRow {
  id: number;
  name: string;
  /** The employee's own DATEV personnel number; null: the default, the service's id. */
  own: number | null;
}

type Input = { personnelNumber: string };

/** One employee's row: its own small form, so one save names one employee's field. */
function PersonnelNumberRow({ companyId, row, editable }: { companyId: number; row: PersonnelRow; editable: boolean }) {
  const t = useTranslations();
  const form = useForm<Input>({
    resolver: zodResolver(employeeDatevInputSchema, undefined, { raw: true }) as never,
    defaultValues: { personnelNumber: row.own === null ? "" : String(row.own) },
  });
  const save = useMutation({
    mutationKey: ["payroll", "companies", companyId, "datev-employee", row.id],
    mutationFn: (values: Input) =>
      datevApi.setEmployee({ companyId: String(companyId), employeeId: String(row.id), ...values }),
    onSuccess: (saved) =>
      form.reset({ personnelNumber: saved.personnelNumber === row.id ? "" : String(saved.personnelNumber) }),
    onError: (error) => placeServerErrors(error, ["personnelNumber"], form.setError),
  });
  const error = form.formState.errors.personnelNumber?.message;
  const label = t("datev.personnel.field", { name: row.name });
  const errorId = `datev-pnr-${row.id}-error`;
  return (
    <tr>
      <th scope="row" className="pr-2 text-left font-normal">
        {row.name}
      </th>
      <td className="pr-2">{row.id}</td>
      <td>
        <form
          noValidate
          className="flex items-start gap-2"
          aria-label={label}
          onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
        >
          <div>
            <input
              aria-label={label}
              inputMode="numeric"
              placeholder={String(row.id)}
              readOnly={!editable}
              className="w-24 rounded border px-2 py-1"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...form.register("personnelNumber")}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-red-700">
                {errorText(t, error)}
              </p>
            ) : null}
            {save.isError && !error ? <ErrorNotice error={save.error} /> : null}
          </div>
          {editable ? (
            <Button
              type="submit"
              size="sm"
              disabled={save.isPending}
              aria-label={t("datev.personnel.save", { name: row.name })}
            >
              {t("datev.save")}
            </Button>
          ) : null}
          {save.isSuccess && !form.formState.isDirty ? <span role="status">{t("datev.saved")}</span> : null}
        </form>
      </td>
    </tr>
  );
}

/**
 * The company's employees' DATEV personnel numbers, beside the company's `DATEV` section: empty is
 * the default, the payroll service's employee id (shown as the placeholder). 1–99999, unique within
 * the company (the route answers `taken` at the field otherwise); audited.
 */
export function PersonnelNumbers(props: { companyId: number; rows: PersonnelRow[]; editable: boolean }) {
  const t = useTranslations();
  return (
    <section aria-labelledby="datev-personnel-title" className="max-w-3xl space-y-2">
      <h3 id="datev-personnel-title" className="text-lg font-semibold">
        {t("datev.personnel.title")}
      </h3>
      <p className="text-sm text-slate-700">{t("datev.personnel.intro")}</p>
      <table className="w-full text-sm" aria-labelledby="datev-personnel-title">
        <thead>
          <tr className="text-left">
            <th scope="col">{t("datev.employee")}</th>
            <th scope="col">{t("datev.personnel.serviceId")}</th>
            <th scope="col">{t("datev.personnelNumber")}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <PersonnelNumberRow key={row.id} companyId={props.companyId} row={row} editable={props.editable} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
