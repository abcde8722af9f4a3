import { EMPLOYEE_FIELDS, type EmployeeField } from "../employees/employee-schema";

/** Which column of the file feeds each field; null leaves the field empty. */
export type ColumnMapping = Record<EmployeeField, number | null>;

/** Header names (English, German and the service's own) recognised without a manual mapping. */
const ALIASES: Record<EmployeeField, string[]> = {
  id: ["id", "employee id", "employee_id", "personalnummer", "personal-nr", "pers.-nr.", "nr"],
  first_name: ["first_name", "first name", "firstname", "vorname"],
  last_name: ["last_name", "last name", "lastname", "surname", "nachname", "name"],
  street_address: [
    "street_address",
    "street",
    "street address",
    "address",
    "straße",
    "strasse",
    "straße und hausnummer",
  ],
  postal_code: ["postal_code", "postal code", "postcode", "zip", "plz", "postleitzahl"],
  location: ["location", "city", "town", "ort", "wohnort", "stadt"],
  sex: ["sex", "gender", "geschlecht"],
  entry: ["entry", "entry date", "start date", "eintritt", "eintrittsdatum"],
  health_insurance: ["health_insurance", "health insurance", "insurer", "krankenkasse", "betriebsnummer krankenkasse"],
  insurance_number: [
    "insurance_number",
    "insurance number",
    "pension number",
    "rvnr",
    "rentenversicherungsnummer",
    "sozialversicherungsnummer",
    "sv-nummer",
  ],
  birth_date: ["birth_date", "birth date", "date of birth", "dob", "geburtsdatum"],
  birth_name: ["birth_name", "birth name", "geburtsname"],
  birth_place: ["birth_place", "birth place", "place of birth", "geburtsort"],
  country: ["country", "nationality", "staatsangehörigkeit", "land"],
  email: ["email", "e-mail", "mail", "e-mail-adresse"],
};

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** A mapping guessed from the header row; each column feeds at most one field. */
export function suggestMapping(headers: string[]): ColumnMapping {
  const taken = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const field of EMPLOYEE_FIELDS) {
    const index = headers.findIndex(
      (header, position) => !taken.has(position) && ALIASES[field].includes(normalise(header)),
    );
    mapping[field] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}
