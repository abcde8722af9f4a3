import { ENTRY_KINDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";

/**
 * What changed between two sealed versions of a month, per employee (the month page's `Versions`,
 * ./components). A line is known by its kind and its grid id: present only in the later version it
 * was added, only in the earlier it was removed, in both with other values it was changed (each
 * field's old and new text). An employee's line moved to another employee is removed from one and
 * added to the other.
 */

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export interface LineChange {
  kind: EntryKind;
  lineId: string;
  change: "added" | "removed" | "changed";
  /** The line's values in the later version (added, changed) or the earlier (removed). */
  values: Record<string, string>;
  /** Only for `changed`: the fields whose text differs. */
  fields: FieldChange[];
}

export interface EmployeeChanges {
  employeeId: number;
  lines: LineChange[];
}

type Lines = Record<EntryKind, readonly StoredLine[]>;

function fieldChanges(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .map((field) => ({ field, from: before[field] ?? "", to: after[field] ?? "" }))
    .filter((change) => change.from !== change.to);
}

/** The changes from `before` to `after`, by employee id, each employee's lines by kind then as the later version orders them. */
export function diffVersions(before: Lines, after: Lines): EmployeeChanges[] {
  const byEmployee = new Map<number, LineChange[]>();
  const add = (employeeId: number, change: LineChange) => {
    const list = byEmployee.get(employeeId) ?? [];
    list.push(change);
    byEmployee.set(employeeId, list);
  };
  for (const kind of ENTRY_KINDS) {
    const earlier = new Map(before[kind].map((line) => [line.id, line]));
    const later = new Set(after[kind].map((line) => line.id));
    for (const line of after[kind]) {
      const old = earlier.get(line.id);
      if (!old || old.employee_id !== line.employee_id) {
        if (old) add(old.employee_id, { kind, lineId: old.id, change: "removed", values: old.values, fields: [] });
        add(line.employee_id, { kind, lineId: line.id, change: "added", values: line.values, fields: [] });
        continue;
      }
      const fields = fieldChanges(old.values, line.values);
      if (fields.length)
        add(line.employee_id, { kind, lineId: line.id, change: "changed", values: line.values, fields });
    }
    for (const line of before[kind])
      if (!later.has(line.id))
        add(line.employee_id, { kind, lineId: line.id, change: "removed", values: line.values, fields: [] });
  }
  return [...byEmployee.entries()].sort(([a], [b]) => a - b).map(([employeeId, lines]) => ({ employeeId, lines }));
}
