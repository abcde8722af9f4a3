import { createHash } from "node:crypto";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import { planExport, type DatevProblem, type PlanInput, type PlannedRecord } from "./plan";
import type { DatevProgram } from "../settings/schemas";
import { encodeWindows1252 } from "../lodas/windows-1252";
import { lodasFileName, lodasText } from "../lodas/writer";
import { LUG_FIELDS } from "../lug/layout";
import { lugFileName, lugText } from "../lug/writer";

/**
 * A month's DATEV file (LODAS, or our Lohn und Gehalt layout) from its approved lines and settings: the trial run's problems, or the
 * bytes as stored and answered (Windows-1252), their SHA-256 and the file's name. Pure but for
 * hashing; the same input makes the same bytes.
 */

export interface EarlierExport {
  createdAt: Date;
  sha256: string;
}

export type MadeFile =
  | { ok: false; problems: DatevProblem[] }
  | { ok: true; bytes: Buffer; sha256: string; fileName: string; records: PlannedRecord[]; correction: boolean };

/** The comment lines: where it comes from, and for a correction what it replaces and what to do first. */
export function fileComments(
  period: string,
  round: number,
  earlier: EarlierExport | null,
  program: DatevProgram = "lodas",
): string[] {
  const comments = [`Ledgerlane: Bewegungsdaten ${formatMonth("de", period)}, Runde ${round}`];
  if (earlier) {
    const day = formatDay("de", earlier.createdAt.toISOString().slice(0, 10));
    comments.push(
      `KORREKTUR: ersetzt den Export vom ${day} (SHA-256 ${earlier.sha256.slice(0, 16)})`,
      `Vor dem Import den ersten Import dieses Monats in ${program === "lug" ? "Lohn und Gehalt" : "LODAS"} entfernen, sonst werden beide abgerechnet.`,
    );
  }
  return comments;
}

/** The file's name for the program: `…_Lodas.txt` or `…_LuG.txt`. */
export function datevFileName(program: DatevProgram, consultantNumber: number, clientNumber: number, period: string) {
  return (program === "lug" ? lugFileName : lodasFileName)(consultantNumber, clientNumber, period);
}

const LUG_TEXT_LENGTH = LUG_FIELDS.find((field) => field.name === "Kostenstelle")?.length ?? 20;

/** The trial run as the program's layout asks (LuG's has a length for cost centres and units). */
export function planFor(input: PlanInput & { program: DatevProgram }) {
  return planExport(input.program === "lug" ? { ...input, textLength: LUG_TEXT_LENGTH } : input);
}

/** The month's file for the company's program (LODAS or our LuG layout), from the same plan. */
export function makeDatevFile(
  input: PlanInput & { program: DatevProgram; round: number; earlier: EarlierExport | null },
): MadeFile {
  const lug = input.program === "lug";
  const plan = planFor(input);
  if (!plan.ok) return plan;
  const records = plan.records.map((planned) => planned.record);
  const comments = fileComments(input.period, input.round, input.earlier, input.program);
  const text = lug
    ? lugText({ period: input.period, records, comments })
    : lodasText({
        consultantNumber: input.consultantNumber,
        clientNumber: input.clientNumber,
        period: input.period,
        records,
        comments,
      });
  const bytes = encodeWindows1252(text);
  return {
    ok: true,
    bytes,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    fileName: datevFileName(input.program, input.consultantNumber, input.clientNumber, input.period),
    records: plan.records,
    correction: input.earlier !== null,
  };
}
