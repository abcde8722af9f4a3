import { formatAmount, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { centsToDecimal, scaledDecimal } from "./decimal";

/**
 * Money and numbers the way people write them: German "1.234,50" and English "1,234.50" read
 * into canonical decimals, and exact amounts shown in the person's format. Pure and browser-safe.
 */

const SPACES = /[\s\u00a0\u202f']/g;
const PLAIN = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Typed or pasted number text → canonical decimal ("12.5"), or null when it is not a number.
 * The locale decides the decimal mark (de: comma, en: point); the other mark is a thousands
 * separator, except when it appears once and is not followed by exactly three digits, which is
 * how a sheet in the other language writes a decimal ("12.5" pasted into the German grid).
 */
export function parseLocaleNumber(input: string, locale: Locale): string | null {
  let text = input
    .replace(SPACES, "")
    .replace(/[€%]/g, "")
    .replace(/^\u2212/, "-");
  if (!text) return null;
  const decimalMark = locale === "de" ? "," : ".";
  const groupMark = locale === "de" ? "." : ",";
  const groups = text.split(groupMark).length - 1;
  if (groups === 1 && !text.includes(decimalMark) && !/\d{3}$/.test(text.slice(text.indexOf(groupMark) + 1))) {
    text = text.replace(groupMark, ".");
  } else {
    text = text.split(groupMark).join("").replace(decimalMark, ".");
  }
  const match = PLAIN.exec(text);
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (!whole && !fraction) return null;
  const cleanWhole = whole.replace(/^0+(?=\d)/, "") || "0";
  const cleanFraction = fraction.replace(/0+$/, "");
  const body = cleanFraction ? `${cleanWhole}.${cleanFraction}` : cleanWhole;
  return sign && body !== "0" ? `-${body}` : body;
}

/** "15.5" → "15.50", "-250" → "-250.00", "0.125" stays: money shows cents, never fewer digits than stored. */
export function withCents(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}

/** Cents for the person's locale; Intl formats the exact decimal text, never a float. */
export function showCents(locale: Locale, cents: bigint): string {
  return formatAmount(locale, centsToDecimal(cents));
}

/** Hundredths of a percent (1234n) as "12.34%" / "12,34 %". */
export function showPercent(locale: Locale, hundredths: bigint): string {
  return numberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    scaledDecimal(hundredths, 4) as Intl.StringNumericLiteral,
  );
}
