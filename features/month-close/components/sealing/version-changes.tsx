"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDay, formatMonth, numberFormat } from "@/lib/i18n/format";
import { keyUnder } from "@/lib/i18n/translate";
import type { SealedVersionView } from "@/features/month-close/sealing/view";

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What changed from a version to the next, per employee: each line added, removed or changed, with the changed fields. */
export function VersionChanges({
  version,
  employeeNames,
}: {
  version: SealedVersionView;
  employeeNames: Record<number, string>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const headingId = useId();
  const month = formatMonth(locale, version.period);
  // Values are the grid's canonical text: decimals and days are shown the person's way.
  const value = (text: string) =>
    text === ""
      ? t("monthVersions.empty")
      : DECIMAL.test(text)
        ? numberFormat(locale, { maximumFractionDigits: 6 }).format(text as Intl.StringNumericLiteral)
        : DAY.test(text)
          ? formatDay(locale, text)
          : text;
  const field = (name: string) => {
    const key = keyUnder(t, "payrollEntries.columns", name);
    return key ? t(key) : name;
  };
  const employee = (id: number) =>
    employeeNames[id]
      ? t("monthVersions.employeeNamed", { id, name: employeeNames[id] })
      : t("monthVersions.employee", { id });
  const changes = version.changes ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded border border-slate-300 p-3"
      data-changes-to={version.version}
    >
      <h3 id={headingId} className="font-semibold">
        {t("monthVersions.changesTitle", { from: version.version - 1, to: version.version, month })}
      </h3>
      {changes.length === 0 ? <p>{t("monthVersions.noChanges")}</p> : null}
      <ul className="space-y-2">
        {changes.map((person) => (
          <li key={person.employeeId}>
            <p className="font-medium">{employee(person.employeeId)}</p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {person.lines.map((line) => (
                <li key={`${line.kind}:${line.lineId}:${line.change}`} data-change={line.change}>
                  {t("monthVersions.lineSummary", {
                    change: t(`monthVersions.${line.change}`),
                    kind: t(line.kind === "hours" ? "monthVersions.kindHours" : "monthVersions.kindPayments"),
                    type: line.values.type ?? "",
                  })}
                  {line.fields.length ? (
                    <ul className="pl-4">
                      {line.fields.map((change) => (
                        <li key={change.field}>
                          {t("monthVersions.fieldChange", {
                            field: field(change.field),
                            from: value(change.from),
                            to: value(change.to),
                          })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
