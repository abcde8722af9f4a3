import { firstDayOfMonth } from "@/lib/dates/calendar";

/** A health insurance of the reference list (dates `YYYY-MM-DD`, null when open). */
export interface HealthInsurance {
  number: string;
  name: string;
  availableFrom: string | null;
  availableTo: string | null;
  replacement: string | null;
}

export interface Country {
  id: number;
  name: string;
  nationality: string;
}

export function operatesOn(insurer: HealthInsurance, date: string): boolean {
  return (
    (insurer.availableFrom === null || insurer.availableFrom <= date) &&
    (insurer.availableTo === null || date <= insurer.availableTo)
  );
}

export function hasEnded(insurer: HealthInsurance, today: string): boolean {
  return insurer.availableTo !== null && insurer.availableTo < today;
}

/** The successor operating on `date`, following chains of successions; null when there is none. */
export function successorOn(
  insurer: HealthInsurance,
  byNumber: ReadonlyMap<string, HealthInsurance>,
  date: string,
): HealthInsurance | null {
  const seen = new Set<string>([insurer.number]);
  let current = insurer;
  while (current.replacement && !seen.has(current.replacement)) {
    const next = byNumber.get(current.replacement);
    if (!next) return null;
    if (operatesOn(next, date)) return next;
    seen.add(next.number);
    current = next;
  }
  return null;
}

/**
 * Why an employee's insurer needs attention: `ended` when it does not operate on the first day
 * of the company's payroll month (the next pay run would move or refuse the employee), `ending`
 * when it ends within that month, `unknown` when it is not on the list.
 */
export function insurerWarning(
  insurer: HealthInsurance | undefined,
  currentMonth: string,
): "unknown" | "ended" | "ending" | null {
  if (!insurer) return "unknown";
  if (!operatesOn(insurer, firstDayOfMonth(currentMonth))) return "ended";
  if (insurer.availableTo !== null && insurer.availableTo.startsWith(currentMonth)) return "ending";
  return null;
}
