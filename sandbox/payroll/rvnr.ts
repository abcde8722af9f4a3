/**
 * German pension insurance number (Rentenversicherungsnummer), 12 characters:
 * area number (2 digits), birth date DDMMYY, first letter of the birth name,
 * serial number (2 digits, 00-49 male, 50-99 female) and a check digit.
 */
const RVNR_PATTERN = /^(\d{2})(\d{2})(\d{2})(\d{2})([A-Z])(\d{2})(\d)$/;
const WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1] as const;

/** The check digit for the first 11 characters of a pension insurance number. */
export function rvnrCheckDigit(first11: string): number {
  const letterNumber = String(first11.charCodeAt(8) - 64).padStart(2, "0");
  const digits = `${first11.slice(0, 8)}${letterNumber}${first11.slice(9, 11)}`;
  let sum = 0;
  WEIGHTS.forEach((weight, position) => {
    const product = Number(digits[position]) * weight;
    sum += Math.floor(product / 10) + (product % 10);
  });
  return sum % 10;
}

export function isValidRvnr(value: string): boolean {
  const match = RVNR_PATTERN.exec(value);
  if (!match) return false;
  const day = Number(match[2]);
  const month = Number(match[3]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  return rvnrCheckDigit(value.slice(0, 11)) === Number(match[7]);
}

export function buildRvnr(area: string, birthDate: string, birthNameInitial: string, serial: number): string {
  const ddmmyy = `${birthDate.slice(8, 10)}${birthDate.slice(5, 7)}${birthDate.slice(2, 4)}`;
  const first11 = `${area}${ddmmyy}${birthNameInitial}${String(serial).padStart(2, "0")}`;
  return `${first11}${rvnrCheckDigit(first11)}`;
}
