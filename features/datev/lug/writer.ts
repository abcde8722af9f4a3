import type { LodasRecord } from "../lodas/writer";
import { decimalComma, periodParts } from "../lodas/values";
import { LUG_COMMENT_SIGN, LUG_FIELDS, LUG_SEPARATOR } from "./layout";

/**
 * A month's movement data as the ASCII file of our own LuG layout (./layout.ts): a comment line,
 * the column names, then one record per grid line with the layout's fields in order. Pure; the
 * bytes through ../lodas/windows-1252.ts. Lines end in CRLF, the last one too. The record is the
 * LODAS writer's (the plan makes one for both); LuG takes no processing key: the wage type says
 * what it carries.
 */

export interface LugFileInput {
  period: string;
  records: readonly LodasRecord[];
  /** Joined into the one comment line (the layout has a fixed number of header lines). */
  comments: readonly string[];
}

export function lugPeriod(period: string): string {
  const { month, year } = periodParts(period);
  return `${month}/${year}`;
}

function lugRecordLine(period: string, record: LodasRecord): string {
  return [
    String(record.personnelNumber),
    String(record.wageTypeNumber),
    decimalComma(record.value),
    record.costCentre,
    record.costUnit,
    lugPeriod(period),
  ].join(LUG_SEPARATOR);
}

export function lugText(input: LugFileInput): string {
  const lines = [
    `${LUG_COMMENT_SIGN} ${input.comments.join(" | ")}`,
    LUG_FIELDS.map((field) => field.name).join(LUG_SEPARATOR),
    ...input.records.map((record) => lugRecordLine(input.period, record)),
  ];
  return lines.join("\r\n") + "\r\n";
}

/** `<consultant>_<client>_<MM>_<YYYY>_LuG.txt`, as the LODAS file's name with the program's. */
export function lugFileName(consultantNumber: number, clientNumber: number, period: string): string {
  const { month, year } = periodParts(period);
  return `${consultantNumber}_${clientNumber}_${month}_${year}_LuG.txt`;
}
