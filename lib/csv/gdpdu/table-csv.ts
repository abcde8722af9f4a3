import { CANONICAL_DECIMAL } from "@/lib/money/decimal";
import type { GdpduColumn, GdpduTable, GdpduValue } from "./table";

// A table's CSV file as its index.xml entry describes it (./index-xml.ts): UTF-8 without a byte
// order mark, `;`, CRLF, every text between double quotes, decimal comma, DD.MM.YYYY. The values
// are written as they are: no formula defusing (lib/csv/write.ts does that for spreadsheets), since
// an auditor's import must read exactly what was recorded.

const BERLIN = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

function numeric(value: string, accuracy: number, column: string): string {
  if (!CANONICAL_DECIMAL.test(value)) throw new Error(`${column}: ${JSON.stringify(value)} is not a decimal`);
  const [whole, fraction = ""] = value.split(".");
  if (fraction.replace(/0+$/, "").length > accuracy)
    throw new Error(`${column}: ${value} has more than ${accuracy} decimals`);
  return accuracy === 0 ? whole! : `${whole},${fraction.padEnd(accuracy, "0").slice(0, accuracy)}`;
}

/** One field of a row, as its column's type writes it; an empty field for null. */
export function gdpduField(column: GdpduColumn, value: GdpduValue): string {
  if (value === null || value === undefined) return "";
  const { type } = column;
  if (type.kind === "timestamp") {
    if (!(value instanceof Date)) throw new Error(`${column.name}: a timestamp must be a Date`);
    return quoted(BERLIN.format(value).replace(",", ""));
  }
  if (value instanceof Date) throw new Error(`${column.name}: only a timestamp column takes a Date`);
  if (type.kind === "numeric") return numeric(value, type.accuracy, column.name);
  if (type.kind === "date") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`${column.name}: ${value} is not YYYY-MM-DD`);
    return value.split("-").reverse().join(".");
  }
  return quoted(value);
}

/** The CSV file of `rows`: the header row, then one record per row, each ended by CRLF. */
export function gdpduTableCsv<Row>(table: GdpduTable<Row>, rows: Iterable<Row>): string {
  const lines = [table.columns.map((column) => quoted(column.name)).join(";")];
  for (const row of rows) {
    const values = table.values(row);
    if (values.length !== table.columns.length)
      throw new Error(`${table.file}: a row has ${values.length} values for ${table.columns.length} columns`);
    lines.push(table.columns.map((column, index) => gdpduField(column, values[index])).join(";"));
  }
  return lines.map((line) => `${line}\r\n`).join("");
}
