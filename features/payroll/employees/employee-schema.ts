import { z } from "zod";
import { berlinToday } from "@/lib/dates/berlin";
import { isIsoDate } from "@/lib/dates/calendar";
import { operatesOn, successorOn, type HealthInsurance } from "./insurers";
import { normaliseEmployeeInput } from "./employee-input";
import { isValidPensionNumber } from "./pension-number";
import { type newEmployeeSchema } from "../upstream/schemas";

/**
 * The one schema of a new employee: the onboarding form, the server route, the bulk import's
 * browser validation and its job all parse with it. Input is what people type (strings, one
 * per field); output is the service's NewEmployee body. Issue messages are codes
 * (`payroll.validation.<code>`, an optional argument after a colon) that the UI translates.
 */
export const EMPLOYEE_FIELDS = [
  "id",
  "first_name",
  "last_name",
  "street_address",
  "postal_code",
  "location",
  "sex",
  "entry",
  "health_insurance",
  "insurance_number",
  "birth_date",
  "birth_name",
  "birth_place",
  "country",
  "email",
] as const;

export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];
export type EmployeeInput = Record<EmployeeField, string>;

export const REQUIRED_FIELDS: readonly EmployeeField[] = [
  "id",
  "first_name",
  "last_name",
  "street_address",
  "postal_code",
  "location",
  "sex",
  "health_insurance",
];

/** Required when the pension insurance number is empty (the service's rule, see sandbox/README.md). */
export const REQUIRED_WITHOUT_PENSION_NUMBER: readonly EmployeeField[] = ["birth_date", "birth_place", "country"];

/** Whether the rules require `field` for this input: always, or because there is no pension number. */
export function isRequiredField(field: EmployeeField, input: Partial<EmployeeInput>): boolean {
  if (REQUIRED_FIELDS.includes(field)) return true;
  return REQUIRED_WITHOUT_PENSION_NUMBER.includes(field) && (input.insurance_number ?? "").trim() === "";
}

/** The service's two `sex` values; the sandbox's seed uses 0 for men and -1 for women. */
export const SEX_VALUES = ["0", "-1"] as const;

export type NewEmployee = z.infer<typeof newEmployeeSchema>;

/** What the checks against reference data need; without it only the data's own rules apply. */
export interface EmployeeContext {
  companyId: number;
  /** First day of the company's current payroll month: the service's default `entry`. */
  defaultEntry: string;
  insurers?: ReadonlyMap<string, HealthInsurance>;
  countries?: ReadonlySet<number>;
  /** Employee ids the company already has. */
  usedIds?: ReadonlySet<number>;
  today?: string;
}

export function emptyEmployeeInput(): EmployeeInput {
  return Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, ""])) as EmployeeInput;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/;
const text = z.string({ error: "required" }).max(200, "tooLong:200");

const inputShape = Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, text])) as Record<
  EmployeeField,
  typeof text
>;

type Problem = { field: EmployeeField; code: string };

/** The data's own rules and, when given, the reference checks: every problem, field by field. */
export function employeeProblems(typed: EmployeeInput, context: EmployeeContext): Problem[] {
  const { input: raw, problems } = normaliseEmployeeInput<EmployeeInput>(typed, context.insurers) as {
    input: EmployeeInput;
    problems: Problem[];
  };
  const insurerNamed = problems.length > 0;
  const add = (field: EmployeeField, code: string) => problems.push({ field, code });
  const value = (field: EmployeeField) => raw[field].trim();
  const today = context.today ?? berlinToday();

  for (const field of REQUIRED_FIELDS) if (value(field) === "") add(field, "required");

  const id = value("id");
  // Ids are at most 9 digits (what the service's and our integer columns hold): a longer number is told as such.
  if (id !== "" && /^[1-9]\d{9,}$/.test(id)) add("id", "idTooLarge");
  else if (id !== "" && !POSITIVE_INTEGER.test(id)) add("id", "positiveInteger");
  else if (id !== "" && context.usedIds?.has(Number(id))) add("id", "idInUse");

  const postal = value("postal_code");
  if (postal !== "" && !/^\d{5}$/.test(postal)) add("postal_code", "postalCode");

  const sex = value("sex");
  if (sex !== "" && !(SEX_VALUES as readonly string[]).includes(sex)) add("sex", "sex");

  const email = value("email");
  if (email !== "" && !EMAIL.test(email)) add("email", "email");

  const birthDate = value("birth_date");
  if (birthDate !== "" && !isIsoDate(birthDate)) add("birth_date", "date");
  else if (birthDate !== "" && (birthDate < "1900-01-01" || birthDate > today)) add("birth_date", "birthDateRange");

  const entryText = value("entry");
  if (entryText !== "" && !isIsoDate(entryText)) add("entry", "date");
  const entry = entryText !== "" && isIsoDate(entryText) ? entryText : context.defaultEntry;
  if (birthDate !== "" && isIsoDate(birthDate) && entry < birthDate) add("entry", "entryBeforeBirth");

  const pension = value("insurance_number");
  if (pension !== "" && !isValidPensionNumber(pension)) add("insurance_number", "pensionNumber");
  if (pension === "") {
    // Without a pension number the registration needs the birth data to issue one.
    for (const field of REQUIRED_WITHOUT_PENSION_NUMBER)
      if (value(field) === "") add(field, "requiredWithoutPensionNumber");
  }

  const country = value("country");
  if (country !== "" && !/^\d{1,4}$/.test(country)) add("country", "countryUnknown");
  else if (country !== "" && context.countries && !context.countries.has(Number(country)))
    add("country", "countryUnknown");

  const insurerNumber = value("health_insurance");
  if (insurerNamed) {
    // A name no insurer or several insurers have: already said.
  } else if (insurerNumber !== "" && !/^\d{8}$/.test(insurerNumber)) add("health_insurance", "insurerFormat");
  else if (insurerNumber !== "" && context.insurers) {
    const insurer = context.insurers.get(insurerNumber);
    if (!insurer) add("health_insurance", "insurerUnknown");
    else if (!operatesOn(insurer, entry)) {
      const successor = successorOn(insurer, context.insurers, entry);
      add("health_insurance", successor ? `insurerEnded:${successor.number}` : "insurerClosed");
    }
  }
  return problems;
}

/** The NewEmployee body of valid input (normalised: `01.11.2026`, `w`, an insurer's name); optional fields left empty are left out. */
export function toNewEmployee(
  typed: EmployeeInput,
  companyId: number,
  insurers?: EmployeeContext["insurers"],
): NewEmployee {
  const raw = normaliseEmployeeInput(typed, insurers).input;
  const value = (field: EmployeeField) => raw[field].trim();
  const optional = <K extends string>(key: K, field: EmployeeField) =>
    value(field) === "" ? {} : ({ [key]: value(field) } as Record<K, string>);
  return {
    company_id: companyId,
    id: Number(value("id")),
    first_name: value("first_name"),
    last_name: value("last_name"),
    address: {
      street_address: value("street_address"),
      postal_code: value("postal_code"),
      location: value("location"),
    },
    sex: Number(value("sex")),
    ...optional("entry", "entry"),
    ...optional("email", "email"),
    health_insurance: value("health_insurance"),
    ...optional("insurance_number", "insurance_number"),
    ...optional("birth_name", "birth_name"),
    ...optional("birth_place", "birth_place"),
    ...optional("birth_date", "birth_date"),
    ...(value("country") === "" ? {} : { country: Number(value("country")) }),
  };
}

/** The schema for one company's context: form values in, NewEmployee out. */
export function employeeSchema(context: EmployeeContext) {
  return z
    .object(inputShape)
    .superRefine((raw, ctx) => {
      for (const problem of employeeProblems(raw, context))
        ctx.addIssue({ code: "custom", path: [problem.field], message: problem.code });
    })
    .transform((raw) => toNewEmployee(raw, context.companyId, context.insurers));
}

/** The service's issue field (`address.postal_code`) as the form's field name. */
export function formFieldOf(serviceField: string | undefined): EmployeeField | undefined {
  if (!serviceField) return undefined;
  const name = serviceField.startsWith("address.") ? serviceField.slice("address.".length) : serviceField;
  return (EMPLOYEE_FIELDS as readonly string[]).includes(name) ? (name as EmployeeField) : undefined;
}
