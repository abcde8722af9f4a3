import { csvLine } from "@/lib/csv/write";
import { EMPLOYEE_FIELDS, type EmployeeInput } from "../employees/employee-schema";
import { pensionNumberCheckDigit } from "../employees/pension-number";

/** Test and benchmark data: valid employees with deterministic, varied values. */
const FIRST = ["Anna", "Jonas", "Leonie", "Mehmet", "Katarzyna", "Lukas", "Sofia", "Paul", "Elif", "Marco"];
const LAST = ["Schmidt", "Yılmaz", "Nowak", "Becker", "Rossi", "Wagner", "Hoffmann", "Popescu", "Schulz", "Kovač"];
const CITIES: [string, string][] = [
  ["10115", "Berlin"],
  ["50667", "Köln"],
  ["80331", "München"],
  ["20095", "Hamburg"],
  ["04109", "Leipzig"],
];

function pensionNumber(index: number, birthDate: string, initial: string): string {
  const first11 = `${String(10 + (index % 80)).padStart(2, "0")}${birthDate.slice(8, 10)}${birthDate.slice(5, 7)}${birthDate.slice(2, 4)}${initial}${String(index % 50).padStart(2, "0")}`;
  return `${first11}${pensionNumberCheckDigit(first11)}`;
}

export function sampleEmployee(index: number, id: number, insurer: string): EmployeeInput {
  const last = LAST[index % LAST.length]!;
  const [postal, city] = CITIES[index % CITIES.length]!;
  const birthDate = `19${70 + (index % 30)}-${String(1 + (index % 12)).padStart(2, "0")}-${String(1 + (index % 28)).padStart(2, "0")}`;
  const initial = last.normalize("NFD").charAt(0).toUpperCase();
  return {
    id: String(id),
    first_name: FIRST[index % FIRST.length]!,
    last_name: last,
    street_address: `Hauptstraße ${1 + (index % 200)}`,
    postal_code: postal,
    location: city,
    sex: index % 2 === 0 ? "-1" : "0",
    entry: "",
    health_insurance: insurer,
    insurance_number: pensionNumber(index, birthDate, initial),
    birth_date: birthDate,
    birth_name: "",
    birth_place: "",
    country: "",
    email: index % 3 === 0 ? `employee${id}@example.com` : "",
  };
}

/** A `;` separated file with the service's field names as header. */
export function toCsv(rows: EmployeeInput[]): string {
  return [
    csvLine(EMPLOYEE_FIELDS, ";"),
    ...rows.map((row) =>
      csvLine(
        EMPLOYEE_FIELDS.map((field) => row[field]),
        ";",
      ),
    ),
  ].join("");
}
