import Papa from "papaparse";
import { z } from "zod";
import { dateOnly } from "./dates";
import type { Country, HealthInsurance } from "./insurers";

/** The service's reference lists: UTF-8, `;` separated, quoted names, a header row. */
function parseSemicolonCsv(text: string): Record<string, string>[] {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { delimiter: ";", header: true, skipEmptyLines: true });
  const fatal = result.errors.find((error) => error.type !== "FieldMismatch");
  if (fatal) throw new Error(`CSV line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  return result.data;
}

const insurerRow = z.object({
  CompanyNumber: z.string().trim().regex(/^\d{8}$/),
  CompanyName: z.string().trim().min(1),
  AvailableFrom: z.string().optional(),
  AvailableTo: z.string().optional(),
  Replacement: z.string().optional(),
});

const countryRow = z.object({
  ID: z.string().trim().regex(/^\d+$/),
  Country: z.string().trim().min(1),
  Nationality: z.string().optional(),
});

function parseRows<T extends z.ZodType>(schema: T, rows: Record<string, string>[], list: string): z.infer<T>[] {
  return rows.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new Error(`${list}: row ${index + 1} is not valid (${parsed.error.issues[0]?.path.join(".")})`);
    return parsed.data;
  });
}

export function parseHealthInsurancesCsv(text: string): HealthInsurance[] {
  return parseRows(insurerRow, parseSemicolonCsv(text), "health insurances").map((row) => ({
    number: row.CompanyNumber,
    name: row.CompanyName,
    availableFrom: dateOnly(row.AvailableFrom),
    availableTo: dateOnly(row.AvailableTo),
    replacement: row.Replacement?.trim() ? row.Replacement.trim() : null,
  }));
}

export function parseCountriesCsv(text: string): Country[] {
  return parseRows(countryRow, parseSemicolonCsv(text), "countries").map((row) => ({
    id: Number(row.ID),
    name: row.Country,
    nationality: row.Nationality?.trim() ?? "",
  }));
}

/**
 * A file or a paste from a spreadsheet: tabs (spreadsheet copies), semicolons or commas,
 * detected from the data. The first row is the header.
 */
export function parseSpreadsheetText(text: string): { headers: string[]; rows: string[][] } {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.slice(0, clean.search(/\r?\n|$/));
  const delimiter = firstLine.includes("\t") ? "\t" : firstLine.includes(";") ? ";" : ",";
  const result = Papa.parse<string[]>(clean, { delimiter, skipEmptyLines: "greedy" });
  const [headers = [], ...rows] = result.data;
  return { headers: headers.map((header) => header.trim()), rows };
}

/**
 * A file's text: UTF-8 when it is valid UTF-8, else Windows-1252, what a German Excel writes
 * as "CSV (Trennzeichen-getrennt)" (so `Müller` is not read as `M�ller`).
 */
export function decodeSpreadsheetBytes(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
