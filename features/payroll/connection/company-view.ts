import { addDays, firstDayOfMonth } from "@/lib/dates/calendar";
import { insurerWarning, successorOn, type HealthInsurance } from "../employees/insurers";
import type { Employee } from "../upstream/schemas";

export interface InsurerWarning {
  id: number;
  name: string;
  kind: "ended" | "ending" | "unknown";
  insurer: string;
  endDate: string | null;
  successor: string | null;
}

/** Employees whose insurer has ended by the payroll month, ends within it, or is unknown. */
export function insurerWarnings(
  employees: Employee[],
  insurers: ReadonlyMap<string, HealthInsurance>,
  currentMonth: string,
): InsurerWarning[] {
  if (insurers.size === 0) return [];
  const warnings: InsurerWarning[] = [];
  for (const employee of employees) {
    if (!employee.health_insurance) continue;
    const insurer = insurers.get(employee.health_insurance);
    const kind = insurerWarning(insurer, currentMonth);
    if (!kind) continue;
    const successorDate =
      kind === "ending" && insurer?.availableTo ? addDays(insurer.availableTo, 1) : firstDayOfMonth(currentMonth);
    const successor = insurer ? successorOn(insurer, insurers, successorDate) : null;
    warnings.push({
      id: employee.id,
      name: `${employee.first_name} ${employee.last_name}`,
      kind,
      insurer: insurer ? `${insurer.name} (${insurer.number})` : employee.health_insurance,
      endDate: insurer?.availableTo ?? null,
      successor: successor ? `${successor.name} (${successor.number})` : null,
    });
  }
  return warnings;
}
