import { z } from "zod";
import { fieldsOf, type EntryKind } from "../kinds";

/**
 * What a column of a time-tracking export can feed: a field of the grid, or one of the ways an
 * employee is named (personnel number first, else the name, whole or in two columns).
 * Pure and browser-safe: the dialog maps, the server remembers the mapping per company and grid.
 */
export const EMPLOYEE_TARGETS = ["personnel_number", "employee_name", "first_name", "last_name"] as const;

/** The targets of a grid: how its employee is named, then its fields in the grid's order. */
export function targetsOf(kind: EntryKind): readonly string[] {
  return [...EMPLOYEE_TARGETS, ...fieldsOf(kind)];
}

/** Header → target, headers normalised (normaliseHeader); a header not named is not imported. */
export type ColumnMapping = Record<string, string>;

export const columnMappingSchema = z
  .record(z.string().min(1).max(200), z.string().min(1).max(40))
  .refine((mapping) => Object.keys(mapping).length <= 100, "At most 100 columns.");

/** German and English headers of the usual time-tracking tools and payroll exports, normalised. */
const ALIASES: Record<string, readonly string[]> = {
  personnel_number: [
    "personalnummer",
    "personal-nr",
    "personal-nr.",
    "pers.-nr.",
    "pers.-nr",
    "pers-nr",
    "persnr",
    "pnr",
    "mitarbeiternummer",
    "ma-nr",
    "personnel number",
    "personnel no",
    "personnel no.",
    "employee number",
    "employee no",
    "employee no.",
    "employee id",
    "staff number",
    "id",
  ],
  employee_name: [
    "name",
    "mitarbeiter",
    "mitarbeiterin",
    "mitarbeitername",
    "employee",
    "employee name",
    "full name",
    "vollständiger name",
  ],
  first_name: ["vorname", "first name", "firstname", "given name"],
  last_name: ["nachname", "familienname", "last name", "lastname", "surname", "family name"],
  type: ["lohnart", "wage type", "pay type", "art", "type", "zeitart", "stundenart", "zahlungsart", "payment type"],
  total_hours: [
    "stunden",
    "hours",
    "arbeitsstunden",
    "anzahl stunden",
    "total hours",
    "dauer (h)",
    "duration (h)",
    "worked hours",
  ],
  total_amount: ["satz", "stundensatz", "stundenlohn (€)", "lohnsatz", "rate", "hourly rate", "rate (€)"],
  surcharge: ["zuschlag", "zuschlag %", "zuschlag (%)", "surcharge", "surcharge %", "surcharge (%)"],
  date: ["datum", "date", "tag", "day", "arbeitstag", "work date"],
  cost_center_id: ["kostenstelle", "kst", "kst.", "cost centre", "cost center", "cost centre id", "cost center id"],
  cost_object_id: ["kostenträger", "ktr", "ktr.", "cost object", "cost unit", "cost object id"],
  count: ["anzahl", "menge", "count", "quantity", "qty"],
  amount: ["betrag", "betrag (€)", "summe", "amount", "amount (€)", "value"],
};

/** A header as it is compared: trimmed, lower case, single spaces (a German Excel writes `Personalnummer `). */
export function normaliseHeader(header: string): string {
  return header.trim().toLocaleLowerCase("de").replace(/\s+/g, " ");
}

/**
 * The mapping of a file's headers: the remembered one for the headers it names, else guessed
 * from the known headers; each target is fed by at most one column.
 */
export function suggestMapping(
  headers: readonly string[],
  kind: EntryKind,
  remembered: ColumnMapping | null = null,
): ColumnMapping {
  const targets = new Set(targetsOf(kind));
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  const normalised = headers.map(normaliseHeader);
  if (remembered) {
    for (const header of normalised) {
      const target = remembered[header];
      if (target && targets.has(target) && !taken.has(target) && !(header in mapping)) {
        mapping[header] = target;
        taken.add(target);
      }
    }
  }
  for (const target of targets) {
    if (taken.has(target)) continue;
    const header = normalised.find(
      (candidate) => !(candidate in mapping) && (ALIASES[target] ?? []).includes(candidate),
    );
    if (header === undefined) continue;
    mapping[header] = target;
    taken.add(target);
  }
  return mapping;
}

/** Why a mapping cannot be imported yet: no way to name the employee, or no field at all. */
export function mappingGaps(mapping: ColumnMapping, kind: EntryKind): { employee: boolean; fields: boolean } {
  const targets = new Set(Object.values(mapping));
  return {
    employee: !EMPLOYEE_TARGETS.some((target) => targets.has(target)),
    fields: !fieldsOf(kind).some((field) => targets.has(field)),
  };
}

/** Whether any header of the file is one the import knows (a file whose header row names nothing is refused). */
export function hasKnownHeader(headers: readonly string[], kind: EntryKind, remembered: ColumnMapping | null): boolean {
  return Object.keys(suggestMapping(headers, kind, remembered)).length > 0;
}

/** Whether the remembered mapping covers every mapped header of this file: then the dialog skips the mapping step. */
export function coversFile(headers: readonly string[], kind: EntryKind, remembered: ColumnMapping | null): boolean {
  if (!remembered) return false;
  const mapping = suggestMapping(headers, kind, remembered);
  const gaps = mappingGaps(mapping, kind);
  return (
    !gaps.employee && !gaps.fields && headers.map(normaliseHeader).some((header) => remembered[header] !== undefined)
  );
}
