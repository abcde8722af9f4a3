import { z } from "zod";
import { GRID_TYPES, defaultMapping, type WageTypeMapping } from "./wage-types";
import { PROGRAMS, TARGETS, type DatevProgram, type MonthTarget } from "./schemas";

/**
 * The settings as the tables keep them, read back defensively (JSON written by an older version, a
 * value out of the enum): what cannot be read is as if unset. Pure, for the server and its tests.
 */

const storedMappingSchema = z.object({
  wageTypeNumber: z.number().int().nullable(),
  processingKey: z.number().int(),
  carries: z.enum(["hours", "amount", "count"]),
});

/** A stored `{ type: mapping }` object: the readable entries of known grid types. */
export function readWageTypes(json: unknown): Record<string, WageTypeMapping> {
  const read: Record<string, WageTypeMapping> = {};
  if (!json || typeof json !== "object") return read;
  for (const { type } of GRID_TYPES) {
    const parsed = storedMappingSchema.safeParse((json as Record<string, unknown>)[type]);
    if (parsed.success) read[type] = parsed.data;
  }
  return read;
}

/**
 * Every grid type's mapping: the company's own, else the firm's default, else none (no wage type
 * number). A company's row without a wage type number is no mapping of its own: a type the
 * company's table saved empty follows the firm's default, also one set later.
 */
export function effectiveWageTypes(
  company: Readonly<Record<string, WageTypeMapping>>,
  workspace: Readonly<Record<string, WageTypeMapping>>,
): Record<string, WageTypeMapping> {
  return Object.fromEntries(
    GRID_TYPES.map(({ kind, type }) => {
      const own = company[type];
      return [type, own?.wageTypeNumber != null ? own : (workspace[type] ?? own ?? defaultMapping(kind))];
    }),
  );
}

export function programOf(value: string | undefined): DatevProgram {
  return (PROGRAMS as readonly string[]).includes(value ?? "") ? (value as DatevProgram) : "lodas";
}

export function targetOf(value: string | undefined): MonthTarget {
  return (TARGETS as readonly string[]).includes(value ?? "") ? (value as MonthTarget) : "payroll_service";
}

/** A company's DATEV settings as the page and the export read them. */
export interface CompanyDatevSettings {
  consultantNumber: number | null;
  clientNumber: number | null;
  program: DatevProgram;
  target: MonthTarget;
  /** Every grid type, effective (company, firm default, none). */
  wageTypes: Record<string, WageTypeMapping>;
}

type Change = [unknown, unknown];

/** Each field that differs, [old, new]; the wage types by type (`wageTypes.HOURLY_WAGE`). */
export function settingChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const [field, value] of Object.entries(after)) {
    if (field === "wageTypes") {
      const old = (before.wageTypes ?? {}) as Record<string, unknown>;
      for (const [type, mapping] of Object.entries(value as Record<string, unknown>)) {
        if (JSON.stringify(old[type] ?? null) !== JSON.stringify(mapping))
          changes[`wageTypes.${type}`] = [old[type] ?? null, mapping];
      }
    } else if (before[field] !== value) changes[field] = [before[field] ?? null, value];
  }
  return changes;
}
