import { strToU8, zipSync } from "fflate";
import { CSV_BOM, csvLine } from "@/lib/csv/write";
import { ENTRY_FIELDS_IN_CSV, readme } from "./readme";
import type { PersonalDataExport } from "./collect";

/**
 * The files of an Art. 15 export (pure): `personal-data.json` with everything, the same as CSV
 * tables (`lines.csv`, `sealed-versions.csv`, `audit-entries.csv`, `access-log.csv`), and
 * `README.txt` in German and English saying what each holds. CSV with `;`, UTF-8 with a byte order
 * mark, formulas defused (lib/csv/write.ts): the person opens them in a spreadsheet.
 */

const SEPARATOR = ";";
const iso = (at: Date | null) => (at ? at.toISOString() : "");

function csv(header: readonly string[], rows: readonly (readonly string[])[]): Uint8Array {
  return strToU8(CSV_BOM + [header, ...rows].map((row) => csvLine(row, SEPARATOR)).join(""));
}

export function personalDataFiles(data: PersonalDataExport): Record<string, Uint8Array> {
  const json = JSON.stringify(
    data,
    (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
    2,
  );
  return {
    "README.txt": strToU8(readme(data)),
    "personal-data.json": strToU8(`${json}\n`),
    "lines.csv": csv(
      ["source", "period", "kind", "record_id", "at", "line_id", ...ENTRY_FIELDS_IN_CSV],
      data.lines.map((entry) => [
        entry.source,
        entry.period,
        entry.kind,
        entry.recordId ?? "",
        iso(entry.at),
        entry.line.id,
        ...ENTRY_FIELDS_IN_CSV.map((field) => entry.line.values[field] ?? ""),
      ]),
    ),
    "sealed-versions.csv": csv(
      ["sealed_month_id", "period", "version", "sha256", "sealed_at", "lines", "findings"],
      data.sealed.map((part) => [
        part.id,
        part.period,
        String(part.version),
        part.hash,
        iso(part.sealedAt),
        String(part.lines.length),
        JSON.stringify(part.findings),
      ]),
    ),
    "audit-entries.csv": csv(
      ["entry_id", "occurred_at", "kind", "by", "period", "details"],
      data.audit.map((entry) => [
        entry.id,
        iso(entry.occurredAt),
        entry.kind,
        entry.actorName ?? "",
        entry.period ?? "",
        JSON.stringify(entry.details),
      ]),
    ),
    "access-log.csv": csv(
      ["row_id", "occurred_at", "by_user_id", "kind", "period"],
      data.access.map((row) => [row.id, iso(row.occurredAt), row.actorId, row.kind, row.period ?? ""]),
    ),
  };
}

export function personalDataZip(data: PersonalDataExport): Uint8Array {
  return zipSync(personalDataFiles(data), { level: 6, mtime: data.exportedAt });
}
