/** An employee of the company as the grid page has them: `name` is "Last, First". */
export interface ImportEmployee {
  id: number;
  name: string;
}

/** A row no employee was found for: listed with its row number and the value that named nobody. */
export interface Unmatched {
  row: number;
  value: string;
  reason: "unknown_number" | "unknown_name" | "ambiguous_name" | "no_employee";
}

/** Lower case, no accents or punctuation, single spaces: `Müller-Lüdenscheidt, Jörg` and `jorg muller ludenscheidt` meet. */
function nameKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase("de")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Finds a row's employee: by personnel number when the row has one (an unknown number is never
 * guessed by name: it is listed), else by name, "Last, First", "First Last" or two columns.
 * A name two employees share matches neither.
 */
export class EmployeeMatcher {
  private readonly ids: Set<number>;
  private readonly byName = new Map<string, number | "ambiguous">();

  constructor(employees: readonly ImportEmployee[]) {
    this.ids = new Set(employees.map((employee) => employee.id));
    for (const employee of employees) {
      const [last = "", first = ""] = employee.name.split(/,\s*/);
      const keys = new Set([nameKey(`${last} ${first}`), nameKey(`${first} ${last}`)]);
      for (const key of keys) {
        if (!key) continue;
        const known = this.byName.get(key);
        this.byName.set(key, known !== undefined && known !== employee.id ? "ambiguous" : employee.id);
      }
    }
  }

  match(row: {
    row: number;
    number: string;
    name: string;
    firstName: string;
    lastName: string;
  }): { employeeId: number } | Unmatched {
    if (row.number) {
      const digits = /^\d{1,9}$/.test(row.number) ? Number(row.number) : Number.NaN;
      // A sheet may keep a number as `42.0`.
      const id = Number.isNaN(digits) && /^\d{1,9}\.0+$/.test(row.number) ? Number(row.number.split(".")[0]) : digits;
      return this.ids.has(id) ? { employeeId: id } : { row: row.row, value: row.number, reason: "unknown_number" };
    }
    const name = row.name || [row.firstName, row.lastName].filter(Boolean).join(" ");
    if (!name) return { row: row.row, value: "", reason: "no_employee" };
    const found = this.byName.get(nameKey(name.includes(",") ? name.split(/,\s*/).reverse().join(" ") : name));
    if (found === "ambiguous") return { row: row.row, value: name, reason: "ambiguous_name" };
    return found === undefined ? { row: row.row, value: name, reason: "unknown_name" } : { employeeId: found };
  }
}
