"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { payrollApi } from "@/features/payroll/client/api";
import { formatDay } from "@/lib/i18n/format";
import { employeeRows, type EmployeeRow, type InsurerLabels } from "@/features/payroll/employees/employee-rows";
import { payrollKeys } from "@/features/payroll/query-keys";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormRow } from "@/components/ui/form-row";
import { Select } from "@/components/ui/select";
import { EmployeeSettingsDialog } from "@/features/month-close/components/settings/employee-settings-dialog";
import {
  settingsSummary,
  useEmployeeSettings,
  type EmployeeSettingsContext,
} from "@/features/month-close/components/settings/employee-settings";
import { Table, TableCell, TableRow } from "@/components/ui/table";
import { PersonalDataButton } from "@/features/record-exports/components/personal-data-button";
import { ErasureRequestButton } from "@/features/records/components/erasure-request-button";

const NO_EMPLOYEES: EmployeeRow[] = [];
const NO_SETTINGS: EmployeeSettingsContext = { editable: false, period: "", companyHoursLimit: 0, employees: [] };

const SORTS = ["id", "lastName", "firstName", "location", "entry"] as const;
type Sort = (typeof SORTS)[number];
const SORT_LABELS = {
  id: "payroll.employees.sortId",
  lastName: "payroll.employees.sortLastName",
  firstName: "payroll.employees.sortFirstName",
  location: "payroll.employees.sortLocation",
  entry: "payroll.employees.sortEntry",
} as const;

/**
 * A company's employees with search (name, id, city, postal code) and sorting, all in the browser.
 * The list is the `payrollKeys.employees` query: the page hands over the rows it rendered
 * (HydrationBoundary), and a change elsewhere (a new employee) invalidates and re-reads it.
 */
export function EmployeeTable({
  companyId,
  insurers,
  checkSettings,
  personalData = false,
  erasure,
}: {
  companyId: number;
  insurers: InsurerLabels;
  checkSettings?: EmployeeSettingsContext;
  /** Each row offers `Export personal data` (Art. 15; owners: features/record-exports). */
  personalData?: boolean;
  /** For owners: each row's `Record an erasure request` (features/records/erasure), in this workspace. */
  erasure?: { workspaceId: string };
}) {
  const t = useTranslations();
  const locale = useLocale();
  const list = useQuery({
    queryKey: payrollKeys.employees(companyId),
    queryFn: async ({ signal }) =>
      employeeRows((await payrollApi.listEmployees({ companyId }, { signal })).employees, insurers),
  });
  const employees = list.data ?? NO_EMPLOYEES;
  // The month-close check settings column (pay cap, hours limit), when the page hands them over.
  const settingsContext = checkSettings ?? NO_SETTINGS;
  const settings = useEmployeeSettings(companyId, settingsContext.employees);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort>("id");
  const [descending, setDescending] = useState(false);
  const deferred = useDeferredValue(query);
  const collator = useMemo(
    () => new Intl.Collator(locale === "de" ? "de-DE" : "en-GB", { sensitivity: "base" }),
    [locale],
  );

  const shown = useMemo(() => {
    const needle = deferred.trim().toLocaleLowerCase();
    const filtered = needle
      ? employees.filter((employee) =>
          [
            String(employee.id),
            employee.firstName,
            employee.lastName,
            `${employee.firstName} ${employee.lastName}`,
            employee.location,
            employee.postalCode,
          ].some((value) => value.toLocaleLowerCase().includes(needle)),
        )
      : employees;
    const sorted = [...filtered].sort((a, b) =>
      sort === "id" ? a.id - b.id : collator.compare(a[sort], b[sort]) || a.id - b.id,
    );
    return descending ? sorted.reverse() : sorted;
  }, [employees, deferred, sort, descending, collator]);

  return (
    <div className="space-y-3">
      {list.isError ? <Notice tone="error">{errorMessage(t, list.error)}</Notice> : null}
      <FormRow>
        <Field compact id="employee-search" label={t("payroll.employees.search")}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("payroll.employees.searchHint")}
              className="rounded border border-slate-400 px-3 py-1.5"
            />
          )}
        </Field>
        <Field compact id="employee-sort" label={t("payroll.employees.sortBy")}>
          {(control) => (
            <Select
              {...control}
              value={sort}
              onChange={(event) => setSort(event.target.value as Sort)}
              options={SORTS.map((option) => ({ value: option, label: t(SORT_LABELS[option]) }))}
            />
          )}
        </Field>
        <Field compact id="employee-direction" label={t("payroll.employees.direction")}>
          {(control) => (
            <Select
              {...control}
              value={descending ? "desc" : "asc"}
              onChange={(event) => setDescending(event.target.value === "desc")}
              options={[
                { value: "asc", label: t("payroll.employees.ascending") },
                { value: "desc", label: t("payroll.employees.descending") },
              ]}
            />
          )}
        </Field>
        <p className="text-sm text-slate-600" role="status">
          {t("payroll.employees.count", { shown: shown.length, total: employees.length })}
        </p>
      </FormRow>
      <ScrollRegion label={t("payroll.company.employees")}>
        <Table
          aria-label={t("payroll.company.employees")}
          columns={[
            t("payroll.employees.id"),
            t("payroll.employees.name"),
            t("payroll.employees.location"),
            t("payroll.employees.entry"),
            t("payroll.employees.insurer"),
            ...(checkSettings ? [t("checkSettings.column")] : []),
            ...(personalData ? [t("recordExports.personalData.column")] : []),
            ...(erasure ? [t("erasure.actions")] : []),
          ]}
        >
          {shown.slice(0, 500).map((employee) => (
            <TableRow key={employee.id}>
              <TableCell numeric>{employee.id}</TableCell>
              <TableCell>
                {employee.lastName}, {employee.firstName}
              </TableCell>
              <TableCell>
                {employee.postalCode} {employee.location}
              </TableCell>
              <TableCell numeric>{formatDay(locale, employee.entry)}</TableCell>
              <TableCell>
                {employee.insurer}
                {employee.insurerEnded ? (
                  <span className="ml-2 rounded bg-red-100 px-1.5 text-sm text-red-800">
                    {t("payroll.onboard.insurerEnded")}
                  </span>
                ) : null}
              </TableCell>
              {checkSettings ? (
                <TableCell>
                  <span className="mr-2">
                    {settingsSummary(t, locale, settingsContext.period, settings.get(employee.id))}
                  </span>
                  {settingsContext.editable ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() =>
                        setEditing({ id: employee.id, name: `${employee.firstName} ${employee.lastName}` })
                      }
                      aria-label={t("checkSettings.editFor", { name: `${employee.firstName} ${employee.lastName}` })}
                    >
                      {t("checkSettings.edit")}
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
              {personalData ? (
                <TableCell>
                  <PersonalDataButton companyId={companyId} employeeId={employee.id} />
                </TableCell>
              ) : null}
              {erasure ? (
                <TableCell>
                  <ErasureRequestButton
                    workspaceId={erasure.workspaceId}
                    companyId={companyId}
                    employee={{ id: employee.id, name: `${employee.firstName} ${employee.lastName}` }}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </Table>
      </ScrollRegion>
      {shown.length === 0 ? <p>{t("payroll.employees.none")}</p> : null}
      {checkSettings?.editable ? (
        <EmployeeSettingsDialog
          // A new dialog (and form) for each employee opened: it starts from that employee's settings.
          key={editing?.id ?? "closed"}
          companyId={companyId}
          period={settingsContext.period}
          companyHoursLimit={settingsContext.companyHoursLimit}
          employee={editing}
          current={editing ? settings.get(editing.id) : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
