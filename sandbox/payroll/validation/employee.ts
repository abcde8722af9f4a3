import { isCountryId } from "../countries";
import { firstDayOf } from "../dates";
import type { Issue } from "../envelope";
import { isOperatingOn } from "../health-insurances";
import type { Address, Employee } from "../model";
import { isValidRvnr } from "../rvnr";
import type { Validated, ValidationContext } from "./context";
import { FieldReader, isPlainObject } from "./fields";

const EMPLOYEE_FIELDS = [
  "company_id",
  "id",
  "first_name",
  "last_name",
  "address",
  "sex",
  "entry",
  "email",
  "health_insurance",
  "insurance_number",
  "birth_name",
  "birth_place",
  "birth_date",
  "country",
] as const;

const ADDRESS_FIELDS = ["street_address", "postal_code", "location"] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EARLIEST_BIRTH_DATE = "1900-01-01";

export function readAddress(reader: FieldReader): Address | undefined {
  const address = reader.nested("address", { required: true });
  if (address === undefined) return undefined;
  address.rejectUnknownFields(ADDRESS_FIELDS);
  const street_address = address.string("street_address", { required: true, nonEmpty: true });
  const postal_code = address.string("postal_code", { required: true, nonEmpty: true });
  if (postal_code !== undefined && !/^\d{5}$/.test(postal_code)) {
    address.add("postal_code", "INVALID_FORMAT", "postal_code must be a German postal code of 5 digits");
  }
  const location = address.string("location", { required: true, nonEmpty: true });
  if (street_address === undefined || postal_code === undefined || location === undefined) return undefined;
  return { street_address, postal_code, location };
}

/** Validates a NewEmployee body for the context's company (the id-in-use check is the caller's). */
export function validateNewEmployee(body: unknown, context: ValidationContext): Validated<Employee> {
  const issues: Issue[] = [];
  if (!isPlainObject(body)) {
    return { ok: false, issues: [{ code: "INVALID_TYPE", message: "the body must be one NewEmployee object" }] };
  }
  const reader = new FieldReader(body, issues);
  reader.rejectUnknownFields(EMPLOYEE_FIELDS);

  const company_id = reader.positiveInteger("company_id", { required: true });
  if (company_id !== undefined && company_id !== context.company.id) {
    reader.add("company_id", "MISMATCH", `company_id must be ${context.company.id}, the company of the path`);
  }
  const id = reader.positiveInteger("id", { required: true });
  const first_name = reader.string("first_name", { required: true, nonEmpty: true });
  const last_name = reader.string("last_name", { required: true, nonEmpty: true });
  const address = readAddress(reader);

  const sex = reader.integer("sex", { required: true });
  if (sex !== undefined && sex !== -1 && sex !== 0) reader.add("sex", "INVALID_VALUE", "sex must be -1 or 0");

  const givenEntry = reader.date("entry", { required: false });
  const entry = givenEntry ?? firstDayOf(context.company.current_month);

  const email = emptyAsAbsent(reader.string("email", { required: false }));
  if (email !== undefined && !EMAIL_PATTERN.test(email)) {
    reader.add("email", "INVALID_FORMAT", "email must be an e-mail address");
  }

  const health_insurance = reader.string("health_insurance", { required: true, nonEmpty: true });
  if (health_insurance !== undefined) checkInsurer(reader, health_insurance, entry, context);

  const insurance_number = reader.string("insurance_number", { required: false }) ?? "";
  if (insurance_number !== "" && !isValidRvnr(insurance_number)) {
    reader.add(
      "insurance_number",
      "INVALID_FORMAT",
      "insurance_number must be a German pension insurance number (12 characters, e.g. 65170839J003, with a valid check digit) or empty",
    );
  }

  const birth_name = emptyAsAbsent(reader.string("birth_name", { required: false }));
  const birth_place = emptyAsAbsent(reader.string("birth_place", { required: false }));
  const birth_date = reader.date("birth_date", { required: false });
  if (birth_date !== undefined && (birth_date > context.today || birth_date < EARLIEST_BIRTH_DATE)) {
    reader.add("birth_date", "OUT_OF_RANGE", `birth_date must lie between ${EARLIEST_BIRTH_DATE} and today`);
  }
  if (birth_date !== undefined && entry < birth_date) {
    reader.add(
      givenEntry === undefined ? "birth_date" : "entry",
      "OUT_OF_RANGE",
      "entry must not be before birth_date",
    );
  }
  const country = reader.integer("country", { required: false });
  if (country !== undefined && !isCountryId(country)) {
    reader.add("country", "UNKNOWN_REFERENCE", "country must be an ID of the country list (/v1/countries.csv)");
  }

  // Without a pension insurance number the registration needs the birth data instead (DEÜV).
  if (insurance_number === "") {
    const missing = { birth_date, birth_place, country };
    for (const [name, value] of Object.entries(missing)) {
      if (value === undefined && !issues.some((issue) => issue.field === name)) {
        reader.add(name, "REQUIRED", `${name} is required when insurance_number is empty`);
      }
    }
  }

  if (
    issues.length > 0 ||
    company_id === undefined ||
    id === undefined ||
    first_name === undefined ||
    last_name === undefined ||
    address === undefined ||
    (sex !== -1 && sex !== 0) ||
    health_insurance === undefined
  ) {
    return { ok: false, issues };
  }
  return {
    ok: true,
    value: {
      company_id,
      id,
      first_name,
      last_name,
      address,
      sex,
      entry,
      ...(email === undefined ? {} : { email }),
      health_insurance,
      insurance_number,
      ...(birth_name === undefined ? {} : { birth_name }),
      ...(birth_place === undefined ? {} : { birth_place }),
      ...(birth_date === undefined ? {} : { birth_date }),
      ...(country === undefined ? {} : { country }),
    },
  };
}

function emptyAsAbsent(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function checkInsurer(reader: FieldReader, companyNumber: string, entry: string, context: ValidationContext): void {
  const insurer = context.insurers.get(companyNumber);
  if (insurer === undefined) {
    reader.add(
      "health_insurance",
      "UNKNOWN_REFERENCE",
      "health_insurance must be a CompanyNumber of the health insurance list (/v1/healthinsurances.csv)",
    );
    return;
  }
  if (isOperatingOn(insurer, entry)) return;
  const successor = insurer.replacement === undefined ? "" : ` Its successor is ${insurer.replacement}.`;
  const reason =
    insurer.availableTo !== undefined && insurer.availableTo < entry
      ? `ended on ${insurer.availableTo}`
      : `starts on ${insurer.availableFrom ?? ""}`;
  reader.add(
    "health_insurance",
    "OUT_OF_RANGE",
    `${insurer.companyName} (${companyNumber}) ${reason}, so it cannot insure an employee entering on ${entry}.${successor}`,
  );
}
