/**
 * Money as integer cents in BigInt: sums and differences are exact at any size,
 * and no amount ever passes through a floating-point number.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450n; null when the text is not a plain decimal with at most two decimals. */
export function parseCents(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

/** 123450n → "1234.50", -5n → "-0.05": the machine-readable decimal (exports, Intl). */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
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
  const numerator = part * 10_000n * 2n;
  const denominator = absCents(whole);
  const doubled = numerator / denominator;
  // Integer division truncates toward zero; one more step of the doubled value rounds half away from zero.
  return doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n;
}

/** An integer scaled by 10^-decimals as exact decimal text (1234n, 4 → "0.1234"). */
export function scaledDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
