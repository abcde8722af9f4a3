import { decimalComma, periodDate, periodParts } from "./values";

/**
 * The LODAS ASCII import of a month's movement data (Bewegungsdaten), as pure functions: the text
 * here, its bytes through ./windows-1252.ts. Layout after the public pre-entry tools and the issue
 * (docs/datev.md, docs/adr/0270-datev-lodas-file.md): `[Allgemein]` declares target, consultant,
 * client, separators, date format and comment sign; `[Satzbeschreibung]` declares the one record
 * type used, u_lod_bwd_buchung_standard; `[Bewegungsdaten]` holds one record per grid line. Lines
 * end in CRLF, the last one too.
 */

const LODAS_RECORD_TYPE = "u_lod_bwd_buchung_standard";
/** The record description's number: each movement record starts with it. */
const LODAS_RECORD_NUMBER = 1;
const CRLF = "\r\n";
const FIELD_SEPARATOR = ";";
const COMMENT_SIGN = "*";

const BASE_FIELDS = [
  "abrechnung_zeitraum#bwd",
  "pnr#bwd",
  "la_eigene#bwd",
  "bs_nr#bwd",
  "bs_wert_butab#bwd",
  "kostenstelle#bwd",
] as const;
const COST_UNIT_FIELD = "kostentraeger#bwd";

/** One movement record: a grid line as LODAS books it. */
export interface LodasRecord {
  personnelNumber: number;
  wageTypeNumber: number;
  processingKey: number;
  /** The value as canonical text (a point for decimals), written with a decimal comma. */
  value: string;
  /** "" when the line has none. */
  costCentre: string;
  costUnit: string;
}

export interface LodasFileInput {
  consultantNumber: number;
  clientNumber: number;
  /** `YYYY-MM`: every record's abrechnung_zeitraum is its first day. */
  period: string;
  records: readonly LodasRecord[];
  /** Comment lines written after the header, each behind the comment sign (who made it, a correction). */
  comments?: readonly string[];
}

/** The record description's fields: kostentraeger only when a record carries a cost unit. */
function lodasFields(records: readonly LodasRecord[]): readonly string[] {
  return records.some((record) => record.costUnit !== "") ? [...BASE_FIELDS, COST_UNIT_FIELD] : BASE_FIELDS;
}

function lodasHeader(input: Pick<LodasFileInput, "consultantNumber" | "clientNumber">): string[] {
  return [
    "[Allgemein]",
    "Ziel=LODAS",
    "Version_SST=1.0",
    `BeraterNr=${input.consultantNumber}`,
    `MandantenNr=${input.clientNumber}`,
    `Feldtrennzeichen=${FIELD_SEPARATOR}`,
    "Zahlenkomma=,",
    "Datumsformat=TT.MM.JJJJ",
    `Kommentarzeichen=${COMMENT_SIGN}`,
  ];
}

function lodasRecordDescription(fields: readonly string[]): string {
  return [LODAS_RECORD_NUMBER, LODAS_RECORD_TYPE, ...fields].join(FIELD_SEPARATOR) + FIELD_SEPARATOR;
}

/** One record's line: its number, then the fields in the description's order, each ended by the separator. */
function lodasRecordLine(period: string, record: LodasRecord, fields: readonly string[]): string {
  const values = [
    String(LODAS_RECORD_NUMBER),
    periodDate(period),
    String(record.personnelNumber),
    String(record.wageTypeNumber),
    String(record.processingKey),
    decimalComma(record.value),
    record.costCentre,
  ];
  if (fields.includes(COST_UNIT_FIELD)) values.push(record.costUnit);
  return values.join(FIELD_SEPARATOR) + FIELD_SEPARATOR;
}

/** The whole file as text, CRLF line ends (encode it with ./windows-1252.ts). */
export function lodasText(input: LodasFileInput): string {
  const fields = lodasFields(input.records);
  const lines = [
    ...lodasHeader(input),
    "",
    ...(input.comments ?? []).map((comment) => `${COMMENT_SIGN} ${comment}`),
    "[Satzbeschreibung]",
    lodasRecordDescription(fields),
    "",
    "[Bewegungsdaten]",
    ...input.records.map((record) => lodasRecordLine(input.period, record, fields)),
  ];
  return lines.join(CRLF) + CRLF;
}

/** `<consultant>_<client>_<MM>_<YYYY>_Lodas.txt`, as the public pre-entry tools name it. */
export function lodasFileName(consultantNumber: number, clientNumber: number, period: string): string {
  const { month, year } = periodParts(period);
  return `${consultantNumber}_${clientNumber}_${month}_${year}_Lodas.txt`;
}
