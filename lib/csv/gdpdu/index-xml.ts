import { GDPDU_DTD_NAME } from "./dtd";
import { checkTable, type GdpduColumn, type GdpduTable } from "./table";

// index.xml of an export for a tax audit (the description standard's document, ./dtd.ts): every
// table a UTF-8 CSV file with `;` between columns, CRLF between records, text between double
// quotes, decimal comma, a header row the import skips (Range From 2).

export interface GdpduDataSet {
  /** Who supplies the data: the firm (its workspace), where, and what the export is. */
  supplier: { name: string; location: string; comment: string };
  /** The medium's name, e.g. "Ledgerlane export 30.11.2026". */
  media: string;
  tables: readonly GdpduTable<never>[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const germanDay = (isoDay: string) => isoDay.split("-").reverse().join(".");

function typeXml(column: GdpduColumn): string {
  switch (column.type.kind) {
    case "numeric":
      return `<Numeric><Accuracy>${column.type.accuracy}</Accuracy></Numeric>`;
    case "date":
      return "<Date><Format>DD.MM.YYYY</Format></Date>";
    case "timestamp":
      return "<AlphaNumeric/>";
    case "text":
      return column.type.maxLength === undefined
        ? "<AlphaNumeric/>"
        : `<AlphaNumeric/><MaxLength>${column.type.maxLength}</MaxLength>`;
  }
}

function columnXml(column: GdpduColumn, element: "VariablePrimaryKey" | "VariableColumn"): string {
  const description = column.description ? `<Description>${escapeXml(column.description)}</Description>` : "";
  return `        <${element}><Name>${escapeXml(column.name)}</Name>${description}${typeXml(column)}</${element}>`;
}

function tableXml(table: GdpduTable<never>): string {
  checkTable(table);
  const keys = table.primaryKey?.length ?? 0;
  const validity = table.validity
    ? `      <Validity><Range><From>${germanDay(table.validity.from)}</From><To>${germanDay(table.validity.to)}</To></Range><Format>DD.MM.YYYY</Format></Validity>\n`
    : "";
  const foreignKeys = (table.foreignKeys ?? []).map(
    (foreignKey) =>
      `        <ForeignKey>${foreignKey.columns.map((name) => `<Name>${escapeXml(name)}</Name>`).join("")}<References>${escapeXml(foreignKey.references)}</References></ForeignKey>`,
  );
  return [
    "    <Table>",
    `      <URL>${escapeXml(table.file)}</URL>`,
    `      <Name>${escapeXml(table.name)}</Name>`,
    `      <Description>${escapeXml(table.description)}</Description>`,
    validity.trimEnd(),
    "      <UTF8/>",
    "      <DecimalSymbol>,</DecimalSymbol>",
    "      <DigitGroupingSymbol>.</DigitGroupingSymbol>",
    "      <Range><From>2</From></Range>",
    "      <VariableLength>",
    "        <ColumnDelimiter>;</ColumnDelimiter>",
    "        <RecordDelimiter>&#13;&#10;</RecordDelimiter>",
    "        <TextEncapsulator>&quot;</TextEncapsulator>",
    ...table.columns.map((column, index) => columnXml(column, index < keys ? "VariablePrimaryKey" : "VariableColumn")),
    ...foreignKeys,
    "      </VariableLength>",
    "    </Table>",
  ]
    .filter(Boolean)
    .join("\r\n");
}

/** The index.xml describing `dataSet`'s tables, naming the vendored DTD. */
export function gdpduIndexXml(dataSet: GdpduDataSet): string {
  const { supplier } = dataSet;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!DOCTYPE DataSet SYSTEM "${GDPDU_DTD_NAME}">`,
    "<DataSet>",
    "  <Version>1.0</Version>",
    "  <DataSupplier>",
    `    <Name>${escapeXml(supplier.name)}</Name>`,
    `    <Location>${escapeXml(supplier.location)}</Location>`,
    `    <Comment>${escapeXml(supplier.comment)}</Comment>`,
    "  </DataSupplier>",
    "  <Media>",
    `    <Name>${escapeXml(dataSet.media)}</Name>`,
    ...dataSet.tables.map(tableXml),
    "  </Media>",
    "</DataSet>",
    "",
  ].join("\r\n");
}
