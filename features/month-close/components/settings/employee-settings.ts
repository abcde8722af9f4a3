"use client";

import { skipToken, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatAmount } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { MINIJOB_PAY_CAP, valueOn } from "@/features/month-close/checks/tables";
import { payrollKeys } from "@/features/payroll/query-keys";

/** An employee's stored check settings (features/month-close/settings/server/read.ts). */
export interface EmployeeSettings {
  employeeId: number;
  payCap: string | null;
  monthlyHoursLimit: number | null;
}

/** What the company page hands the employee table for its check settings column. */
export interface EmployeeSettingsContext {
  editable: boolean;
  /** The company's payroll month, `YYYY-MM`: the minijob limit shown is this month's. */
  period: string;
  companyHoursLimit: number;
  employees: EmployeeSettings[];
}

/**
 * The company's employee settings as a query seeded by the page (nothing to fetch: saves put
 * their answer in it), so the table and the dialog read one copy.
 */
export function useEmployeeSettings(
  companyId: number,
  initial: EmployeeSettings[],
): ReadonlyMap<number, EmployeeSettings> {
  const { data } = useQuery<EmployeeSettings[]>({
    queryKey: payrollKeys.checkSettings(companyId),
    queryFn: skipToken,
    initialData: initial,
    staleTime: Infinity,
  });
  return useMemo(() => new Map((data ?? initial).map((settings) => [settings.employeeId, settings])), [data, initial]);
}

/** "Minijob (603,00 € in 2026)": the statutory limit of the payroll month. */
export function minijobLabel(t: Translate, locale: Locale, period: string): string {
  const amount = valueOn(MINIJOB_PAY_CAP, `${period}-01`);
  return amount
    ? t("checkSettings.minijobWithAmount", { amount: formatAmount(locale, amount), year: period.slice(0, 4) })
    : t("checkSettings.minijob");
}

/** The table's short text: "Minijob (603,00 € in 2026) · 160 h", or that nothing is set. */
export function settingsSummary(
  t: Translate,
  locale: Locale,
  period: string,
  settings: EmployeeSettings | undefined,
): string {
  const parts: string[] = [];
  if (settings?.payCap === "minijob") parts.push(minijobLabel(t, locale, period));
  else if (settings?.payCap)
    parts.push(t("checkSettings.capAmount", { amount: formatAmount(locale, settings.payCap) }));
  if (settings?.monthlyHoursLimit != null)
    parts.push(
      t("checkSettings.hoursShort", {
        hours: String(settings.monthlyHoursLimit).replace(".", locale === "de" ? "," : "."),
      }),
    );
  return parts.length ? parts.join(" · ") : t("checkSettings.noneSet");
}
