/** What a file import takes, and why a file is refused (each worded by the dialog in both languages). */

/** A month's lines of a large company with room to spare; a bigger file is most likely a year's export. */
export const MAX_IMPORT_ROWS = 5_000;
/** 4 MB of file: a 5,000-row export is well under 1 MB as CSV or XLSX. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

export const IMPORT_REFUSALS = [
  "not_spreadsheet",
  "empty",
  "no_rows",
  "no_known_column",
  "too_many_rows",
  "too_large",
] as const;
export type ImportRefusalReason = (typeof IMPORT_REFUSALS)[number];

/** A file the import cannot read, with the reason the dialog shows (answered as 422 `invalid` with `reason`). */
export class FileImportRefusal extends Error {
  constructor(readonly reason: ImportRefusalReason) {
    super(`The file cannot be imported: ${reason}.`);
  }
}
