import { ENTRY_KINDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import type { LodasRecord } from "../lodas/writer";
import { unencodableCharacters } from "../lodas/windows-1252";
import {
  CLIENT_NUMBER,
  CONSULTANT_NUMBER,
  inRange,
  PERSONNEL_NUMBER,
  VALUE_DECIMALS,
  VALUE_WHOLE_DIGITS,
} from "../settings/ranges";
import { carriedField, defaultMapping, type WageTypeMapping } from "../settings/wage-types";

/**
 * The export's checks and records, pure: what DATEV's trial run (Prüflauf) would refuse is found
 * here, before any file is made, each problem naming the employee and the line (its kind and its
 * place among the employee's lines of that kind in the grid, from 1). With no problem, one record
 * per grid line, in the grid's order.
 */

interface PlanEmployee {
  id: number;
  name: string;
  /** The DATEV personnel number (settings), null when none is set. */
  personnelNumber: number | null;
}

export interface PlanInput {
  period: string;
  consultantNumber: number;
  clientNumber: number;
  /** By grid type; a type without an entry has no wage type number yet. */
  wageTypes: Readonly<Partial<Record<string, WageTypeMapping>>>;
  employees: readonly PlanEmployee[];
  lines: Readonly<Record<EntryKind, readonly StoredLine[]>>;
  /** A cost centre's or cost unit's most characters, where the program's layout says (LuG's: 20). */
  textLength?: number;
}

interface LineRef {
  employeeId: number;
  employee: string;
  kind: EntryKind;
  /** 1-based, among the employee's lines of this kind. */
  line: number;
}

export type DatevProblem =
  | { code: "consultantRange" | "clientRange"; value: number }
  | ({ code: "noWageType"; type: string } & LineRef)
  | ({ code: "noPersonnelNumber" } & LineRef)
  | ({ code: "personnelNumberRange" | "duplicatePersonnelNumber"; value: number } & LineRef)
  | ({ code: "noValue"; type: string; carries: string } & LineRef)
  | ({ code: "tooManyDecimals" | "tooManyDigits"; value: string; max: number } & LineRef)
  | ({ code: "unencodable"; field: "costCentre" | "costUnit"; characters: string } & LineRef)
  | ({ code: "separator"; field: "costCentre" | "costUnit" } & LineRef)
  | ({ code: "tooLong"; field: "costCentre" | "costUnit"; max: number } & LineRef)
  | ({ code: "outsidePeriod"; date: string; period: string } & LineRef);

export interface PlannedRecord extends LineRef {
  record: LodasRecord;
}

type Plan = { ok: true; records: PlannedRecord[] } | { ok: false; problems: DatevProblem[] };

function valueProblems(value: string, ref: LineRef): DatevProblem[] {
  const [whole = "", fraction = ""] = value.replace("-", "").split(".");
  const problems: DatevProblem[] = [];
  if (fraction.length > VALUE_DECIMALS) problems.push({ code: "tooManyDecimals", value, max: VALUE_DECIMALS, ...ref });
  if (whole.replace(/^0+/, "").length > VALUE_WHOLE_DIGITS)
    problems.push({ code: "tooManyDigits", value, max: VALUE_WHOLE_DIGITS, ...ref });
  return problems;
}

function textProblems(field: "costCentre" | "costUnit", text: string, ref: LineRef, max?: number): DatevProblem[] {
  const characters = unencodableCharacters(text);
  const problems: DatevProblem[] = [];
  if (max !== undefined && [...text].length > max) problems.push({ code: "tooLong", field, max, ...ref });
  if (characters.length > 0) problems.push({ code: "unencodable", field, characters: characters.join(" "), ...ref });
  // The separator or a line break inside a field would split the record.
  if (/[;\r\n]/.test(text)) problems.push({ code: "separator", field, ...ref });
  return problems;
}

function planLine(
  input: PlanInput,
  kind: EntryKind,
  line: StoredLine,
  ref: LineRef,
  personnelNumber: number | null,
  shared: ReadonlySet<number>,
): { record: LodasRecord | null; problems: DatevProblem[] } {
  const problems: DatevProblem[] = [];
  const type = line.values.type ?? "";
  const mapping = input.wageTypes[type] ?? defaultMapping(kind);
  if (mapping.wageTypeNumber === null) problems.push({ code: "noWageType", type, ...ref });
  if (personnelNumber === null) problems.push({ code: "noPersonnelNumber", ...ref });
  else if (!inRange(personnelNumber, PERSONNEL_NUMBER))
    problems.push({ code: "personnelNumberRange", value: personnelNumber, ...ref });
  // Two employees under one number: DATEV would book both on one person.
  if (personnelNumber !== null && shared.has(personnelNumber))
    problems.push({ code: "duplicatePersonnelNumber", value: personnelNumber, ...ref });
  const field = carriedField(kind, mapping.carries);
  const value = field ? (line.values[field] ?? "") : "";
  if (value === "") problems.push({ code: "noValue", type, carries: mapping.carries, ...ref });
  else problems.push(...valueProblems(value, ref));
  const costCentre = line.values.cost_center_id ?? "";
  const costUnit = line.values.cost_object_id ?? "";
  problems.push(
    ...textProblems("costCentre", costCentre, ref, input.textLength),
    ...textProblems("costUnit", costUnit, ref, input.textLength),
  );
  const date = line.values.date ?? "";
  if (date !== "" && !date.startsWith(`${input.period}-`))
    problems.push({ code: "outsidePeriod", date, period: input.period, ...ref });
  if (problems.length > 0 || mapping.wageTypeNumber === null || personnelNumber === null)
    return { record: null, problems };
  return {
    record: {
      personnelNumber,
      wageTypeNumber: mapping.wageTypeNumber,
      processingKey: mapping.processingKey,
      value,
      costCentre,
      costUnit,
    },
    problems,
  };
}

/** Every problem of the month at once (the 422 lists them all), or its records in the grid's order. */
export function planExport(input: PlanInput): Plan {
  const problems: DatevProblem[] = [];
  if (!inRange(input.consultantNumber, CONSULTANT_NUMBER))
    problems.push({ code: "consultantRange", value: input.consultantNumber });
  if (!inRange(input.clientNumber, CLIENT_NUMBER)) problems.push({ code: "clientRange", value: input.clientNumber });
  const employees = new Map(input.employees.map((employee) => [employee.id, employee]));
  const seenNumbers = new Set<number>();
  const shared = new Set<number>();
  for (const { personnelNumber } of input.employees) {
    if (personnelNumber === null) continue;
    if (seenNumbers.has(personnelNumber)) shared.add(personnelNumber);
    seenNumbers.add(personnelNumber);
  }
  const records: PlannedRecord[] = [];
  for (const kind of ENTRY_KINDS) {
    const seen = new Map<number, number>();
    for (const line of input.lines[kind]) {
      const number = (seen.get(line.employee_id) ?? 0) + 1;
      seen.set(line.employee_id, number);
      const employee = employees.get(line.employee_id);
      const ref: LineRef = {
        employeeId: line.employee_id,
        employee: employee?.name ?? `#${line.employee_id}`,
        kind,
        line: number,
      };
      const planned = planLine(input, kind, line, ref, employee?.personnelNumber ?? null, shared);
      problems.push(...planned.problems);
      if (planned.record) records.push({ ...ref, record: planned.record });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, records };
}
