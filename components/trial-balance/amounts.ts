import { centsToDecimal, scaledDecimal } from "@/lib/trial-balance/decimal";
import { formatAmount, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

/** Cents for the person's locale; Intl formats the exact decimal text, never a float. */
export function showCents(locale: Locale, cents: bigint): string {
  return formatAmount(locale, centsToDecimal(cents));
}

export function showPercent(locale: Locale, hundredths: bigint): string {
  return numberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(scaledDecimal(hundredths, 4) as Intl.StringNumericLiteral);
}
