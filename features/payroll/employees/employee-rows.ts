import { insurerWarning, type HealthInsurance } from "./insurers";
import type { Employee } from "../upstream/schemas";

/** One line of a company's employee table, as the browser shows and re-reads it. Browser-safe. */
export interface EmployeeRow {
  id: number;
  firstName: string;
  lastName: string;
  postalCode: string;
  location: string;
  entry: string;
  insurer: string;
  insurerEnded: boolean;
}

/** What the table needs to know of an insurer, by its number: its name and whether it has ended by the payroll month. */
export type InsurerLabels = Record<string, { name: string; ended: boolean }>;

export function insurerLabels(insurers: readonly HealthInsurance[], currentMonth: string): InsurerLabels {
  return Object.fromEntries(
    insurers.map((insurer) => [
      insurer.number,
      { name: insurer.name, ended: insurerWarning(insurer, currentMonth) === "ended" },
    ]),
  );
}

export function employeeRows(employees: readonly Employee[], insurers: InsurerLabels): EmployeeRow[] {
  return employees.map((employee) => {
    const insurer = employee.health_insurance ? insurers[employee.health_insurance] : undefined;
    return {
      id: employee.id,
      firstName: employee.first_name,
      lastName: employee.last_name,
      postalCode: employee.address.postal_code,
      location: employee.address.location,
      entry: employee.entry ?? "",
      insurer: insurer?.name ?? employee.health_insurance ?? "",
      insurerEnded: insurer?.ended ?? false,
    };
  });
}
