import "server-only";
import { createHash } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import { createTranslator } from "use-intl/core";
import { CSV_BOM, csvLine } from "@/lib/csv/write";
import { formatMonth } from "@/lib/i18n/format";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { problemText } from "../../export/problem-text";
import { encodeWindows1252 } from "../../lodas/windows-1252";
import { lugDescriptionFileName, lugDescriptionText } from "../../lug/description";
import type { BulkItemResult } from "../schemas";

/**
 * A bulk export's ZIP: one file per exported month (the stored file's bytes under the single
 * download's name; a name two months share gets ` (2)` before its extension), the Lohn und Gehalt
 * format description once when a LuG file is in it, and `Ergebnisse.csv`: one row per month asked
 * for (company, month, result, reason, file, SHA-256), `;`-separated UTF-8 with a byte order mark,
 * in German, as the firm opens it in a spreadsheet. Every entry carries the run's end as its time,
 * so the same run makes the same bytes.
 */

const RESULTS_FILE = "Ergebnisse.csv";

interface StoredFile {
  id: string;
  fileName: string;
  program: string;
  content: Uint8Array;
}

const german = createTranslator({ locale: "de", messages: MESSAGES.de }) as unknown as Translate;

function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate); count += 1) candidate = name.replace(/(\.[^.]*)?$/, ` (${count})$1`);
  taken.add(candidate);
  return candidate;
}

/** Why a month was not exported, in German: the reason's text, then each problem of the trial run. */
function reasonText(t: Translate, result: BulkItemResult): string {
  if (result.result !== "refused" || !result.reason) return "";
  const reason = t(`datev.bulk.reasons.${result.reason}`);
  const problems = (result.problems ?? []).map((problem) => problemText(t, problem));
  return [reason, ...problems].join(" · ");
}

function resultsCsv(results: readonly BulkItemResult[], names: ReadonlyMap<string, string>): Uint8Array {
  const t = german;
  const header = ["Firma", "Firmennummer", "Monat", "Ergebnis", "Grund", "Datei", "SHA-256"];
  const rows = results.map((result) => [
    result.companyName ?? "",
    String(result.item.companyId),
    formatMonth("de", result.item.period),
    t(`datev.bulk.results.${result.result}`),
    reasonText(t, result),
    (result.exportId && names.get(result.exportId)) ?? "",
    result.sha256 ?? "",
  ]);
  return strToU8(CSV_BOM + [header, ...rows].map((row) => csvLine(row, ";")).join(""));
}

export function bulkZip(
  results: readonly BulkItemResult[],
  files: readonly StoredFile[],
  at: Date,
): { bytes: Uint8Array; sha256: string } {
  const byId = new Map(files.map((file) => [file.id, file]));
  const taken = new Set<string>([RESULTS_FILE]);
  const entries: Zippable = {};
  const names = new Map<string, string>();
  let lug: StoredFile | null = null;
  for (const result of results) {
    const file = result.exportId ? byId.get(result.exportId) : undefined;
    if (!file || names.has(file.id)) continue;
    const name = uniqueName(taken, file.fileName);
    names.set(file.id, name);
    entries[name] = file.content;
    if (file.program === "lug") lug ??= file;
  }
  if (lug) {
    const [consultant = "0", client = "0"] = lug.fileName.split("_");
    entries[uniqueName(taken, lugDescriptionFileName(Number(consultant), Number(client)))] = new Uint8Array(
      encodeWindows1252(lugDescriptionText()),
    );
  }
  entries[RESULTS_FILE] = resultsCsv(results, names);
  const bytes = zipSync(entries, { level: 6, mtime: at });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
