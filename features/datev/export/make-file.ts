import { createHash } from "node:crypto";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import { planExport, type DatevProblem, type PlanInput, type PlannedRecord } from "./plan";
import { encodeWindows1252 } from "../lodas/windows-1252";
import { lodasFileName, lodasText } from "../lodas/writer";

/**
 * A month's LODAS file from its approved lines and settings: the trial run's problems, or the
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
export function fileComments(period: string, round: number, earlier: EarlierExport | null): string[] {
  const comments = [`Ledgerlane: Bewegungsdaten ${formatMonth("de", period)}, Runde ${round}`];
  if (earlier) {
    const day = formatDay("de", earlier.createdAt.toISOString().slice(0, 10));
    comments.push(
      `KORREKTUR: ersetzt den Export vom ${day} (SHA-256 ${earlier.sha256.slice(0, 16)})`,
      "Vor dem Import den ersten Import dieses Monats in LODAS entfernen, sonst werden beide abgerechnet.",
    );
  }
  return comments;
}

export function makeLodasFile(input: PlanInput & { round: number; earlier: EarlierExport | null }): MadeFile {
  const plan = planExport(input);
  if (!plan.ok) return plan;
  const text = lodasText({
    consultantNumber: input.consultantNumber,
    clientNumber: input.clientNumber,
    period: input.period,
    records: plan.records.map((planned) => planned.record),
    comments: fileComments(input.period, input.round, input.earlier),
  });
  const bytes = encodeWindows1252(text);
  return {
    ok: true,
    bytes,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    fileName: lodasFileName(input.consultantNumber, input.clientNumber, input.period),
    records: plan.records,
    correction: input.earlier !== null,
  };
}
