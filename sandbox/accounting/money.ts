const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));

/** Integer cents to a decimal string with two decimals ("-12.05"). */
export function formatCents(cents: number): string {
  if (cents === 0) return "0.00";
  const abs = cents < 0 ? -cents : cents;
  const text = `${Math.floor(abs / 100)}.${TWO_DIGITS[abs % 100] ?? "00"}`;
  return cents < 0 ? `-${text}` : text;
}

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A non-negative amount given as a decimal string ("12.5", "12.50") or a number
 * with at most two decimals, to integer cents; undefined when not such an amount.
 */
export function parseAmount(value: unknown): number | undefined {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return undefined;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}
