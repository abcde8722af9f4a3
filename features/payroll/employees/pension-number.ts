/**
 * German pension insurance number (Rentenversicherungsnummer): area (2 digits), birth date
 * DDMMYY, a capital letter, serial (2 digits), check digit. The check digit weighs the 12
 * digits (the letter as its 2-digit alphabet position) with 2,1,2,5,7,1,2,1,2,1,2,1, adds the
 * products' cross sums and takes the sum mod 10.
 */
const PATTERN = /^(\d{2})(\d{2})(\d{2})\d{2}([A-Z])\d{2}(\d)$/;
const WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];

export function pensionNumberCheckDigit(first11: string): number {
  const letter = String(first11.charCodeAt(8) - 64).padStart(2, "0");
  const digits = `${first11.slice(0, 8)}${letter}${first11.slice(9, 11)}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) {
    const product = Number(digits[i]) * (WEIGHTS[i] ?? 0);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return sum % 10;
}

export function isValidPensionNumber(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const day = Number(match[2]);
  const month = Number(match[3]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  return pensionNumberCheckDigit(value.slice(0, 11)) === Number(match[5]);
}
