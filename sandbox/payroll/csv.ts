/** CSV as the payroll service writes it: semicolon separated, CRLF line ends, text double-quoted. */
export const CSV_LINE_END = "\r\n";

export function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => cells.join(";") + CSV_LINE_END).join("");
}
