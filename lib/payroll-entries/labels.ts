import de from "@/lib/i18n/messages/de.json";
import en from "@/lib/i18n/messages/en.json";
import type { EntryKind } from "./kinds";

/** Type labels in both languages: the grid shows the person's and reads either when pasted. */
export function typeLabels(kind: EntryKind): Record<string, { en: string; de: string }> {
  const english: Record<string, string> = kind === "hours" ? en.payrollEntries.hourTypes : en.payrollEntries.paymentTypes;
  const german: Record<string, string> = kind === "hours" ? de.payrollEntries.hourTypes : de.payrollEntries.paymentTypes;
  return Object.fromEntries(Object.entries(english).map(([value, label]) => [value, { en: label, de: german[value] ?? label }]));
}
