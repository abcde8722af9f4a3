// One table of an export for a tax audit, described once: the description drives both its entry
// in index.xml (./index-xml.ts) and its CSV file (./table-csv.ts), so the two cannot drift.

/** A column's type in the description standard, and how its values are written. */
export type GdpduColumnType =
  /** Text; written between double quotes (quotes doubled). */
  | { kind: "text"; maxLength?: number }
  /** A decimal, given as a canonical string ("-1234.5"), written with `accuracy` decimals and a comma. */
  | { kind: "numeric"; accuracy: number }
  /** A calendar day, given as YYYY-MM-DD, written DD.MM.YYYY. */
  | { kind: "date" }
  /** A moment, given as a Date, written as text "DD.MM.YYYY hh:mm:ss" in German time (Europe/Berlin). */
  | { kind: "timestamp" };

export interface GdpduColumn {
  /** The column's name (the CSV's header names it too). */
  name: string;
  description?: string;
  type: GdpduColumnType;
}

export type GdpduValue = string | Date | null | undefined;

export interface GdpduTable<Row> {
  /** The file's name in the ZIP (relative, as the standard requires). */
  file: string;
  name: string;
  description: string;
  /** The period the data covers (YYYY-MM-DD). */
  validity?: { from: string; to: string };
  /** The names of the columns that identify a row, first in `columns`. */
  primaryKey?: readonly string[];
  columns: readonly GdpduColumn[];
  /** Each column's value of a row, in the order of `columns`. */
  values: (row: Row) => readonly GdpduValue[];
  foreignKeys?: readonly { columns: readonly string[]; references: string }[];
}

/** Checks what the standard requires of a description: key columns first, references to known columns. */
export function checkTable(table: GdpduTable<never>): void {
  const names = table.columns.map((column) => column.name);
  if (new Set(names).size !== names.length) throw new Error(`${table.file}: a column name is used twice`);
  (table.primaryKey ?? []).forEach((key, index) => {
    if (names[index] !== key) throw new Error(`${table.file}: primary key column ${key} must be column ${index + 1}`);
  });
  for (const foreignKey of table.foreignKeys ?? [])
    for (const column of foreignKey.columns)
      if (!names.includes(column)) throw new Error(`${table.file}: foreign key names unknown column ${column}`);
}
