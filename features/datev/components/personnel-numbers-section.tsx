import "server-only";
import type { Employee } from "@/features/payroll/upstream/schemas";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import { personnelNumbers } from "../server/settings";
import { PersonnelNumbers } from "./personnel-numbers";

/**
 * The company page's personnel numbers for DATEV: the service's employees (asked by the page, which
 * streams this part when the service answers) with their own numbers from the app's table.
 */
export async function PersonnelNumbersSection(props: {
  connectionId: string;
  companyId: number;
  listEmployees: () => Promise<readonly Employee[]>;
  editable: boolean;
}) {
  const [employees, numbers] = await Promise.all([
    // Employees with an erasure request are hidden here as in every list (features/records/erasure).
    props
      .listEmployees()
      .then((all) => withoutRestricted(props.connectionId, props.companyId, all))
      .catch(() => []),
    personnelNumbers(props.connectionId, props.companyId),
  ]);
  const rows = employees.map((employee) => ({
    id: employee.id,
    name: `${employee.first_name} ${employee.last_name}`.trim(),
    own: numbers.get(employee.id) ?? null,
  }));
  return <PersonnelNumbers companyId={props.companyId} rows={rows} editable={props.editable} />;
}
