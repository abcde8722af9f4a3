/**
 * Our own ASCII layout for DATEV Lohn und Gehalt (LuG), version 1. LuG has no public specification of
 * its ASCII import: it reads a layout the firm describes once in LuG (a format description). This is
 * that layout, in one place: ./writer.ts writes files by it, ./description.ts writes the description
 * the firm enters in LuG from it, and the tests read the file by the description
 * (docs/adr/0280-datev-lug-layout.md, docs/datev.md).
 */

export const LUG_LAYOUT_VERSION = 1;
export const LUG_SEPARATOR = ";";
export const LUG_DECIMAL = ",";
/** Lines before the records: a comment line (source, round, a correction), then the column names. */
export const LUG_HEADER_LINES = 2;
export const LUG_COMMENT_SIGN = "*";
export const LUG_PERIOD_FORMAT = "MM/JJJJ";

export interface LugField {
  /** The column's name in the file's second line and in the description. */
  name: string;
  type: "integer" | "decimal" | "text" | "period";
  /** At most this many characters. */
  length: number;
  required: boolean;
  /** The description's sentence (no separator in it). */
  text: string;
}

export const LUG_FIELDS: readonly LugField[] = [
  {
    name: "Personalnummer",
    type: "integer",
    length: 5,
    required: true,
    text: "DATEV-Personalnummer des Mitarbeiters (1 bis 99999)",
  },
  { name: "Lohnart", type: "integer", length: 4, required: true, text: "Eigene Lohnart der Kanzlei (1 bis 9999)" },
  {
    name: "Wert",
    type: "decimal",
    length: 11,
    required: true,
    text: "Stunden, Betrag oder Anzahl, wie die Lohnart sie traegt: Dezimalkomma, hoechstens 7 Vorkomma- und 2 Nachkommastellen, Minus vorangestellt",
  },
  { name: "Kostenstelle", type: "text", length: 20, required: false, text: "Kostenstelle der Zeile, leer wenn keine" },
  {
    name: "Kostentraeger",
    type: "text",
    length: 20,
    required: false,
    text: "Kostentraeger der Zeile, leer wenn keiner",
  },
  { name: "Abrechnungsmonat", type: "period", length: 7, required: true, text: "Abrechnungsmonat als MM/JJJJ" },
];
