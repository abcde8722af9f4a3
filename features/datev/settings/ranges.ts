/**
 * The number ranges DATEV takes, in one place for the settings' schemas and the export's checks.
 * From the issue and the public pre-entry tools (docs/adr/0271-datev-ranges-and-values.md): DATEV's
 * LODAS manual was not at hand to confirm them, so each is a named constant to change in one place.
 */
export const CONSULTANT_NUMBER = { min: 1001, max: 9_999_999 } as const;
export const CLIENT_NUMBER = { min: 1, max: 99_999 } as const;
export const PERSONNEL_NUMBER = { min: 1, max: 99_999 } as const;
export const WAGE_TYPE_NUMBER = { min: 1, max: 9999 } as const;
/** Bearbeitungsschlüssel: a small number (1 hours, 2 days, 4 amount in the public examples). */
export const PROCESSING_KEY = { min: 0, max: 99 } as const;

/** bs_wert_butab: at most this many digits after and before the decimal comma. */
export const VALUE_DECIMALS = 2;
export const VALUE_WHOLE_DIGITS = 7;

export function inRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}
