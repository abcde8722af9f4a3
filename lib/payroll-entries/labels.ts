import { dePayrollEntries } from "@/lib/i18n/messages/payroll-entries.de";
import { enPayrollEntries } from "@/lib/i18n/messages/payroll-entries.en";
import type { EntryKind } from "./kinds";

/** Type labels in both languages: the grid shows the person's and reads either when pasted. */
export function typeLabels(kind: EntryKind): Record<string, { en: string; de: string }> {
  const en: Record<string, string> = kind === "hours" ? enPayrollEntries.hourTypes : enPayrollEntries.paymentTypes;
  const de: Record<string, string> = kind === "hours" ? dePayrollEntries.hourTypes : dePayrollEntries.paymentTypes;
  return Object.fromEntries(Object.entries(en).map(([value, label]) => [value, { en: label, de: de[value] ?? label }]));
}
