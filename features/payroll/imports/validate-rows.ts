import {
  EMPLOYEE_FIELDS,
  employeeProblems,
  toNewEmployee,
  type EmployeeContext,
  type EmployeeField,
  type EmployeeInput,
  type NewEmployee,
} from "../employees/employee-schema";
import { normaliseEmployeeInput } from "../employees/employee-input";
import type { Country, HealthInsurance } from "../employees/insurers";
import type { ColumnMapping } from "./columns";

export interface RowProblem {
  field: EmployeeField;
  code: string;
}

/** One data row of an import after the browser's checks. */
export interface CheckedRow {
  /** 1 = the first row below the header. */
  row: number;
  employeeId: number | null;
  name: string;
  problems: RowProblem[];
  /** Set when the row can be sent (its only possible problem is an id already in use). */
  payload: NewEmployee | null;
  inUse: boolean;
  /** The row's values as mapped, what the server checks again. */
  input: EmployeeInput;
}

/** The reference data a validation needs, as plain data (it crosses into a Web Worker). */
export interface ImportContextData {
  companyId: number;
  defaultEntry: string;
  today: string;
  insurers: HealthInsurance[];
  countries: Country[];
  usedIds: number[];
}

export function toEmployeeContext(data: ImportContextData): EmployeeContext {
  return {
    companyId: data.companyId,
    defaultEntry: data.defaultEntry,
    today: data.today,
    insurers: new Map(data.insurers.map((insurer) => [insurer.number, insurer])),
    countries: new Set(data.countries.map((country) => country.id)),
    usedIds: new Set(data.usedIds),
  };
}

function inputOf(cells: string[], mapping: ColumnMapping): EmployeeInput {
  const input = {} as EmployeeInput;
  for (const field of EMPLOYEE_FIELDS) {
    const column = mapping[field];
    input[field] = column === null ? "" : (cells[column] ?? "").trim();
  }
  return input;
}

/** Every row checked with the employee schema's rules, plus ids repeated within the file. */
export function checkImportRows(rows: string[][], mapping: ColumnMapping, context: EmployeeContext): CheckedRow[] {
  const firstRowOfId = new Map<string, number>();
  return rows.map((cells, index) => {
    // Normalised here, so the rows sent to the server are in the service's forms (it checks them again).
    const input = normaliseEmployeeInput(inputOf(cells, mapping), context.insurers).input;
    const problems = employeeProblems(input, context);
    const id = input.id;
    if (id !== "" && !problems.some((problem) => problem.field === "id")) {
      const first = firstRowOfId.get(id);
      if (first !== undefined) problems.push({ field: "id", code: `duplicateInFile:${first}` });
      else firstRowOfId.set(id, index + 1);
    }
    const inUse = problems.some((problem) => problem.code === "idInUse");
    const blocking = problems.filter((problem) => problem.code !== "idInUse");
    return {
      row: index + 1,
      // Only an id that passed its checks: an invalid one (e.g. 4294967296) is no employee id, and
      // would not fit the report's integer column either.
      employeeId:
        problems.some((problem) => problem.field === "id" && problem.code !== "idInUse") || id === ""
          ? null
          : Number(id),
      name: `${input.first_name} ${input.last_name}`.trim(),
      problems,
      payload: blocking.length === 0 ? toNewEmployee(input, context.companyId, context.insurers) : null,
      inUse,
      input,
    };
  });
}
