"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { GridLocale } from "@/features/payroll/grid/columns";
import { canonicalize } from "@/features/payroll/grid/locale-input";
import type { GridModel } from "@/features/payroll/grid/model";

/** The fields a line is entered with on a phone (the grid's other columns stay for the grid). */
const FORM_FIELDS: Record<EntryKind, readonly string[]> = {
  hours: ["type", "total_hours", "total_amount", "date"],
  payments: ["type", "count", "amount"],
};

/** What the phone's keyboard offers for each field. */
const INPUT_MODE: Record<string, "decimal" | "numeric" | undefined> = {
  total_hours: "decimal",
  total_amount: "decimal",
  count: "numeric",
  amount: "decimal",
};

interface LineFormProps {
  model: GridModel;
  kind: EntryKind;
  employees: readonly { id: number; name: string }[];
  columnLabels: readonly string[];
  /** A problem code as the grid says it (features/payroll/grid/messages.ts). */
  describe: (code: string) => string;
  onAdded: (note: string) => void;
}

/**
 * A line per employee entered in a form, for narrow screens where the grid shows two of its ten
 * columns (issue #35). It is the grid's line: the same columns, parsed as the grid parses typed
 * text (canonicalize, in the page's language) and checked by the grid's own rules
 * (`model.spec.evaluate`), each problem said at its field; an accepted line goes into the grid's
 * model (`importLines`: the employee's blank line, else a new one after theirs), which the draft
 * saver saves like any edit in the grid, one undo step. Shown below the `md` breakpoint only.
 */
export function LineForm({ model, kind, employees, columnLabels, describe, onAdded }: LineFormProps) {
  const t = useTranslations();
  const locale = useLocale() as GridLocale;
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [employeeId, setEmployeeId] = useState(employees[0]?.id ?? 0);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState("");
  const columns = model.spec.columns
    .map((column, col) => ({ column, col }))
    .filter(({ column }) => FORM_FIELDS[kind].includes(column.key));
  const typeColumn = columns.find(({ column }) => column.kind === "enum");

  const change = (key: string, value: string) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setDone("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // As the grid takes typed text; a type is chosen from the grid's own options, so it is stored as chosen.
    const cells = model.spec.columns.map((column) =>
      !FORM_FIELDS[kind].includes(column.key)
        ? ""
        : column.kind === "enum"
          ? (values[column.key] ?? "")
          : canonicalize(column, values[column.key] ?? "", model.context),
    );
    const outcome = model.spec.evaluate(cells);
    const found: Record<string, string> = {};
    outcome.errors.forEach((code, col) => {
      const column = model.spec.columns[col];
      if (!code || !column) return;
      // A rule about a column the form does not show is said at the type, which decides it.
      const at = FORM_FIELDS[kind].includes(column.key) ? column.key : (typeColumn?.column.key ?? column.key);
      found[at] ??= FORM_FIELDS[kind].includes(column.key)
        ? describe(code)
        : `${columnLabels[col] ?? column.key}: ${describe(code)}`;
    });
    // A form asks for a choice in its own words (the grid's cell says "Required").
    if (typeColumn && !cells[typeColumn.col]) found[typeColumn.column.key] = t("payrollEntries.lineForm.typeRequired");
    setErrors(found);
    if (Object.keys(found).length) {
      setDone("");
      // To the first field with a problem, as a person reads the form.
      const first = columns.find(({ column }) => found[column.key]);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first.column.key}"]`)?.focus();
      return;
    }
    model.importLines([{ employeeId, cells }]);
    const name = employees.find((employee) => employee.id === employeeId)?.name ?? `#${employeeId}`;
    const note = t("payrollEntries.lineForm.added", { employee: name });
    setDone(note);
    onAdded(note);
    setValues({});
    form.current?.querySelector<HTMLElement>(`[name="${typeColumn?.column.key ?? "type"}"]`)?.focus();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-2 rounded-lg border border-slate-300 bg-white p-3 md:hidden"
      data-testid="line-form"
    >
      <h2 id={titleId} className="text-base font-semibold">
        {t("payrollEntries.lineForm.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("payrollEntries.lineForm.intro")}</p>
      <form ref={form} onSubmit={submit} noValidate className="space-y-3">
        <Field label={t("payrollEntries.employee")}>
          {(control) => (
            <Select
              {...control}
              name="employee"
              value={String(employeeId)}
              onChange={(event) => setEmployeeId(Number(event.target.value))}
              className="w-full"
              options={employees.map((employee) => ({ value: String(employee.id), label: employee.name }))}
            />
          )}
        </Field>
        {columns.map(({ column, col }) =>
          column.kind === "enum" ? (
            <Field key={column.key} label={columnLabels[col] ?? column.key} error={errors[column.key]}>
              {(control) => (
                <Select
                  {...control}
                  name={column.key}
                  value={values[column.key] ?? ""}
                  onChange={(event) => change(column.key, event.target.value)}
                  className="w-full"
                  placeholder={t("payrollEntries.lineForm.chooseType")}
                  options={column.options?.map((option) => ({ value: option.value, label: option.labels[locale] }))}
                />
              )}
            </Field>
          ) : (
            <Field
              key={column.key}
              label={columnLabels[col] ?? column.key}
              name={column.key}
              inputMode={INPUT_MODE[column.key]}
              autoComplete="off"
              value={values[column.key] ?? ""}
              error={errors[column.key]}
              hint={column.kind === "date" ? t("payrollEntries.lineForm.dateHint") : undefined}
              onChange={(event) => change(column.key, event.target.value)}
            />
          ),
        )}
        <Button type="submit">{t("payrollEntries.lineForm.add")}</Button>
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      </form>
    </section>
  );
}
