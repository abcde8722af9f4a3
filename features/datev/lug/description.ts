import {
  LUG_COMMENT_SIGN,
  LUG_DECIMAL,
  LUG_FIELDS,
  LUG_HEADER_LINES,
  LUG_LAYOUT_VERSION,
  LUG_PERIOD_FORMAT,
  LUG_SEPARATOR,
} from "./layout";

/**
 * The format description of ./layout.ts as the text file shipped with a LuG export: what the firm
 * enters once in LuG's ASCII import (code page, line end, header lines, separator, decimal sign, and
 * the fields in order with type and length). Written from the layout, so file and description never
 * disagree; the same every time (no date, no client) for a layout version.
 */

const TYPE_NAMES = { integer: "Ganzzahl", decimal: "Dezimalzahl", text: "Text", period: "Monat" } as const;

export function lugDescriptionText(): string {
  const lines = [
    `${LUG_COMMENT_SIGN} Ledgerlane: Formatbeschreibung fuer den ASCII-Import in DATEV Lohn und Gehalt, Version ${LUG_LAYOUT_VERSION}`,
    `${LUG_COMMENT_SIGN} Einmal in Lohn und Gehalt als Importformat anlegen (docs/datev.md). Keine oeffentliche Spezifikation: Layout von Ledgerlane.`,
    "[Allgemein]",
    "Ziel=Lohn und Gehalt",
    `Formatversion=${LUG_LAYOUT_VERSION}`,
    "Zeichensatz=Windows-1252 (ANSI)",
    "Zeilenende=CRLF",
    `Kopfzeilen=${LUG_HEADER_LINES}`,
    `Feldtrennzeichen=${LUG_SEPARATOR}`,
    `Dezimalzeichen=${LUG_DECIMAL}`,
    "Tausendertrennzeichen=keines",
    `Datumsformat=${LUG_PERIOD_FORMAT}`,
    "Textbegrenzer=keiner",
    "Satzart=Bewegungsdaten, ein Satz je Zeile des Monats",
    "",
    "[Felder]",
    ["Nr", "Name", "Typ", "Laenge", "Pflicht", "Beschreibung"].join(LUG_SEPARATOR),
    ...LUG_FIELDS.map((field, index) =>
      [index + 1, field.name, TYPE_NAMES[field.type], field.length, field.required ? "ja" : "nein", field.text].join(
        LUG_SEPARATOR,
      ),
    ),
  ];
  return lines.join("\r\n") + "\r\n";
}

export function lugDescriptionFileName(consultantNumber: number, clientNumber: number): string {
  return `${consultantNumber}_${clientNumber}_LuG_Formatbeschreibung_V${LUG_LAYOUT_VERSION}.txt`;
}
