import { CSV_BOM, CSV_DIALECTS, csvField } from "@/lib/csv/write";
import type { Locale } from "@/lib/i18n/locales";
import { centsToDecimal } from "@/lib/money/decimal";
import type { Cell, Sheet } from "./sheet";

/**
 * RFC 4180 CSV by the one CSV writer (lib/csv/write.ts: CRLF, quoting, formulas defused) in the
 * locale's dialect: English comma-separated with "1234.50", German semicolon-separated with
 * "1234,50". Amounts have no grouping so spreadsheets read them as numbers. A UTF-8 byte order
 * mark lets Excel see the accents. The title block comes first, then a blank line and the table.
 */
export function toCsv(sheet: Sheet, locale: Locale = "en"): string {
  const dialect = CSV_DIALECTS[locale];
  const quote = (value: string) => csvField(value, dialect.separator);
  const cell = (value: Cell): string => {
    if (value.kind === "text") return quote(value.value);
    if (value.kind === "empty") return "";
    return centsToDecimal(value.cents).replace(".", dialect.decimal);
  };
  const lines = [
    ...sheet.preamble.map((row) => row.map(cell)),
    sheet.header.map(quote),
    ...sheet.rows.map((row) => row.map(cell)),
  ];
  return `${CSV_BOM}${lines.map((cells) => cells.join(dialect.separator)).join("\r\n")}\r\n`;
}
