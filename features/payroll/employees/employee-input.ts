import { normaliseDate } from "@/lib/dates/locale";
import type { HealthInsurance } from "./insurers";

/**
 * What German spreadsheets hold, in the service's forms, before any check: dates as
 * `01.11.2026`, sex as `w`/`m` or a word, the health insurer by its name, pension numbers with
 * spaces. Idempotent: the import normalises in the browser, and the server checks the
 * normalised rows again with the same rules. Browser-safe.
 */

type Fields = Record<"sex" | "entry" | "birth_date" | "health_insurance" | "insurance_number", string>;
export interface InputProblem {
  field: "health_insurance";
  code: "insurerUnknown" | "insurerAmbiguous";
}

const FEMALE = new Set(["-1", "w", "weiblich", "f", "female"]);
const MALE = new Set(["0", "m", "männlich", "maennlich", "male"]);

/** The service's codes (-1 women, 0 men) from a code or a German or English word; anything else unchanged. */
export function normaliseSex(text: string): string {
  const value = text.trim().toLowerCase();
  if (FEMALE.has(value)) return "-1";
  if (MALE.has(value)) return "0";
  return text.trim();
}

/** `65 170839 J 003` → `65170839J003`. */
export function normalisePensionNumber(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("de-DE");
const nameIndexes = new WeakMap<ReadonlyMap<string, HealthInsurance>, Map<string, string[]>>();

function insurersByName(insurers: ReadonlyMap<string, HealthInsurance>): Map<string, string[]> {
  let index = nameIndexes.get(insurers);
  if (!index) {
    index = new Map();
    for (const insurer of insurers.values()) {
      const key = nameKey(insurer.name);
      index.set(key, [...(index.get(key) ?? []), insurer.number]);
    }
    nameIndexes.set(insurers, index);
  }
  return index;
}

/**
 * The insurer's 8-digit number as typed, or found by the insurer's whole name (case and spaces
 * aside) when exactly one insurer has it. A name several insurers share, or none, is a problem.
 */
export function resolveInsurer(
  text: string,
  insurers: ReadonlyMap<string, HealthInsurance> | undefined,
): { value: string; problem?: InputProblem["code"] } {
  const value = text.trim();
  if (value === "" || /^\d{8}$/.test(value.replace(/\s+/g, ""))) return { value: value.replace(/\s+/g, "") };
  if (!insurers || !/\p{L}/u.test(value)) return { value };
  const numbers = insurersByName(insurers).get(nameKey(value)) ?? [];
  if (numbers.length === 1) return { value: numbers[0]! };
  return { value, problem: numbers.length ? "insurerAmbiguous" : "insurerUnknown" };
}

export function normaliseEmployeeInput<T extends Fields>(
  raw: T,
  insurers?: ReadonlyMap<string, HealthInsurance>,
): { input: T; problems: InputProblem[] } {
  const insurer = resolveInsurer(raw.health_insurance, insurers);
  const input = {
    ...raw,
    sex: normaliseSex(raw.sex),
    entry: normaliseDate(raw.entry),
    birth_date: normaliseDate(raw.birth_date),
    health_insurance: insurer.value,
    insurance_number: normalisePensionNumber(raw.insurance_number),
  };
  return { input, problems: insurer.problem ? [{ field: "health_insurance", code: insurer.problem }] : [] };
}
