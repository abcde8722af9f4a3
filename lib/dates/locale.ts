/** Days the way people type or keep them, German or English, read into `YYYY-MM-DD`. Pure and browser-safe. */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{2}|\d{4})?$/;

/** `15.11.2026`, `15/11/2026`, `15.11.`, `2026-11-15` or a bare day (`15`, of the payroll month) → `YYYY-MM-DD`; null otherwise. */
export function parseLocaleDate(input: string, month: string): string | null {
  const text = input.trim();
  const pad = (value: string) => value.padStart(2, "0");
  const iso = ISO.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2] ?? "")}-${pad(iso[3] ?? "")}`;
  if (/^\d{1,2}\.?$/.test(text)) return `${month}-${pad(text.replace(".", ""))}`;
  const dayFirst = DAY_FIRST.exec(text);
  if (!dayFirst) return null;
  const [, day = "", monthPart = "", yearPart] = dayFirst;
  const year = !yearPart ? month.slice(0, 4) : yearPart.length === 2 ? `20${yearPart}` : yearPart;
  return `${year}-${pad(monthPart)}-${pad(day)}`;
}

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** `1.11.2026` or `01.11.2026` → `2026-11-01` (the day itself is checked later); anything else unchanged. */
export function normaliseDate(text: string): string {
  const value = text.trim();
  const match = GERMAN_DATE.exec(value);
  if (!match) return value;
  return `${match[3]}-${match[2]!.padStart(2, "0")}-${match[1]!.padStart(2, "0")}`;
}
