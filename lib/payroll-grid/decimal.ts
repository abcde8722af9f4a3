/**
 * Exact decimals for the grids: canonical decimal strings ("12.5", "-3", "0.125") become BigInt
 * micro-units (6 decimals), products carry 12 decimals, and nothing passes through a float.
 */

export const SCALE_DIGITS = 6;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
const CANONICAL = /^(-?)(\d+)(?:\.(\d{1,6}))?$/;

/** "12.5" → 12_500_000n; null when the text is not a canonical decimal with at most 6 decimals. */
export function parseMicros(text: string): bigint | null {
  const match = CANONICAL.exec(text);
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(SCALE_DIGITS, "0"));
  return sign === "-" ? -value : value;
}

/** a × b for two micro-unit values, exact (12 decimals). */
export function multiplyMicros(a: bigint, b: bigint): bigint {
  return a * b;
}

/** A 12-decimal product rounded half away from zero to cents. */
export function productToCents(product: bigint): bigint {
  const divisor = SCALE * SCALE / 100n;
  const doubled = (product * 2n) / divisor;
  return doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n;
}

/** 123450n → "1234.50", -5n → "-0.05". */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Canonical decimal of a micro-unit value, without trailing zeros: 12_500_000n → "12.5". */
export function microsToDecimal(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE_DIGITS + 1, "0");
  const whole = digits.slice(0, -SCALE_DIGITS);
  const fraction = digits.slice(-SCALE_DIGITS).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
