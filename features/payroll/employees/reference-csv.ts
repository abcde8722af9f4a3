import { z } from "zod";
import { parseCsvRecords } from "@/lib/csv/parse";
import { dateOnly } from "@/lib/dates/calendar";
import type { Country, HealthInsurance } from "./insurers";

/** The service's reference lists: UTF-8, `;` separated, quoted names, a header row. */
const insurerRow = z.object({
  CompanyNumber: z
    .string()
    .trim()
    .regex(/^\d{8}$/),
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
    if (!parsed.success)
      throw new Error(`${list}: row ${index + 1} is not valid (${parsed.error.issues[0]?.path.join(".")})`);
    return parsed.data;
  });
}

export function parseHealthInsurancesCsv(text: string): HealthInsurance[] {
  return parseRows(insurerRow, parseCsvRecords(text, ";"), "health insurances").map((row) => ({
    number: row.CompanyNumber,
    name: row.CompanyName,
    availableFrom: dateOnly(row.AvailableFrom),
    availableTo: dateOnly(row.AvailableTo),
    replacement: row.Replacement?.trim() ? row.Replacement.trim() : null,
  }));
}

export function parseCountriesCsv(text: string): Country[] {
  return parseRows(countryRow, parseCsvRecords(text, ";"), "countries").map((row) => ({
    id: Number(row.ID),
    name: row.Country,
    nationality: row.Nationality?.trim() ?? "",
  }));
}
