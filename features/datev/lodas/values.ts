/**
 * How the LODAS file writes a line's values (the header declares them: `Zahlenkomma=,`,
 * `Datumsformat=TT.MM.JJJJ`). Input is the grid's canonical text: decimals with a point, ISO dates.
 */

/** "160.5" → "160,5", "-12.30" → "-12,30"; the digits as entered, only the separator changes. */
export function decimalComma(canonical: string): string {
  return canonical.replace(".", ",");
}

/** The first day of a `YYYY-MM` period as `TT.MM.JJJJ`: LODAS's abrechnung_zeitraum. */
export function periodDate(period: string): string {
  const [year, month] = period.split("-");
  return `01.${month}.${year}`;
}

/** `YYYY-MM` → `MM` and `YYYY`, for the file's name. */
export function periodParts(period: string): { month: string; year: string } {
  const [year = "", month = ""] = period.split("-");
  return { month, year };
}
