/**
 * Exact decimals in BigInt, so no amount ever passes through a floating-point number: money as
 * integer cents (sums and differences exact at any size), the grids' quantities and rates as
 * micro-units (6 decimals; a product of two carries 12). Texts are canonical decimals with a
 * point ("1234.5", "-3", "0.125"); what people type is made canonical by `locale.ts`. Pure and
 * browser-safe.
 */

/** A canonical decimal: an optional minus, digits, and decimals after a point. */
export const CANONICAL_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** An integer scaled by 10^-decimals from a decimal text with at most `decimals` decimals; null otherwise. */
function parseScaled(text: string, decimals: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3]?.length ?? 0) > decimals) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  return sign === "-" ? -value : value;
}

/** Half away from zero: a doubled quotient (truncated toward zero) one more step out, halved. */
function roundHalfAway(doubled: bigint): bigint {
  return doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n;
}

// Cents

/** "1234.5" → 123450n; null when the text is not a plain decimal with at most two decimals. */
export function parseCents(text: string): bigint | null {
  return parseScaled(text.trim(), 2);
}

/** 123450n → "1234.50", -5n → "-0.05": the machine-readable decimal (exports, Intl). */
export function centsToDecimal(cents: bigint): string {
  return scaledDecimal(cents, 2);
}

export function sumCents(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

export function absCents(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * `part / whole` as a percentage with two decimals, rounded half away from zero,
 * in hundredths of a percent (1234n = 12.34 %); null when `whole` is zero.
 */
export function percentHundredths(part: bigint, whole: bigint): bigint | null {
  if (whole === 0n) return null;
  return roundHalfAway((part * 10_000n * 2n) / absCents(whole));
}

/** An integer scaled by 10^-decimals as exact decimal text (1234n, 4 → "0.1234"). */
export function scaledDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

// Micro-units (the grids)

export const SCALE_DIGITS = 6;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** "12.5" → 12_500_000n; null when the text is not a canonical decimal with at most 6 decimals. */
export function parseMicros(text: string): bigint | null {
  return parseScaled(text, SCALE_DIGITS);
}

/** a × b for two micro-unit values, exact (12 decimals). */
export function multiplyMicros(a: bigint, b: bigint): bigint {
  return a * b;
}

/** A 12-decimal product rounded half away from zero to cents. */
export function productToCents(product: bigint): bigint {
  return roundHalfAway((product * 2n) / ((SCALE * SCALE) / 100n));
}

/** Canonical decimal of a micro-unit value, without trailing zeros: 12_500_000n → "12.5". */
export function microsToDecimal(value: bigint): string {
  return scaledDecimal(value, SCALE_DIGITS).replace(/\.?0+$/, "");
}
