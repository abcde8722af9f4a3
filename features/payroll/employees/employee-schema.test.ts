import { describe, expect, it } from "vitest";
import { emptyEmployeeInput, employeeSchema, type EmployeeContext, type EmployeeInput } from "./employee-schema";
import type { HealthInsurance } from "./insurers";
import { isValidPensionNumber } from "./pension-number";

const insurers: HealthInsurance[] = [
  { number: "35561094", name: "BARMER", availableFrom: "2017-01-01", availableTo: null, replacement: null },
  { number: "82395631", name: "BARMER GEK", availableFrom: null, availableTo: "2016-12-31", replacement: "35561094" },
  { number: "11111111", name: "Closed BKK", availableFrom: null, availableTo: "2020-06-30", replacement: null },
];

const context: EmployeeContext = {
  companyId: 1001,
  defaultEntry: "2026-11-01",
  today: "2026-11-21",
  insurers: new Map(insurers.map((insurer) => [insurer.number, insurer])),
  countries: new Set([0, 163]),
  usedIds: new Set([1, 2, 3]),
};

function valid(overrides: Partial<EmployeeInput> = {}): EmployeeInput {
  return {
    ...emptyEmployeeInput(),
    id: "8",
    first_name: " Greta ",
    last_name: "Sommer",
    street_address: "Rosenweg 3",
    postal_code: "50674",
    location: "Köln",
    sex: "-1",
    health_insurance: "35561094",
    insurance_number: "65170839J003",
    ...overrides,
  };
}

function problems(input: EmployeeInput) {
  const result = employeeSchema(context).safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("pension insurance numbers", () => {
  it("checks the check digit and the birth date part", () => {
    expect(isValidPensionNumber("65170839J003")).toBe(true);
    expect(isValidPensionNumber("65170839J004")).toBe(false);
    expect(isValidPensionNumber("65320839J003")).toBe(false);
    expect(isValidPensionNumber("65170839j003")).toBe(false);
  });
});

describe("the new employee schema", () => {
  it("turns valid form input into the service's NewEmployee, leaving empty optional fields out", () => {
    const result = employeeSchema(context).parse(valid({ email: "greta@example.com" }));
    expect(result).toEqual({
      company_id: 1001,
      id: 8,
      first_name: "Greta",
      last_name: "Sommer",
      address: { street_address: "Rosenweg 3", postal_code: "50674", location: "Köln" },
      sex: -1,
      email: "greta@example.com",
      health_insurance: "35561094",
      insurance_number: "65170839J003",
    });
  });

  it("reports every field's problem at once", () => {
    expect(
      problems(
        valid({
          id: "2",
          postal_code: "5067",
          sex: "1",
          email: "x@y",
          insurance_number: "65170839J004",
          entry: "2026-02-30",
        }),
      ),
    ).toEqual({
      id: "idInUse",
      postal_code: "postalCode",
      sex: "sex",
      email: "email",
      insurance_number: "pensionNumber",
      entry: "date",
    });
    expect(problems(valid({ first_name: "  ", street_address: "" }))).toEqual({
      first_name: "required",
      street_address: "required",
    });
  });

  it("asks for birth data when there is no pension insurance number", () => {
    expect(problems(valid({ insurance_number: "" }))).toEqual({
      birth_date: "requiredWithoutPensionNumber",
      birth_place: "requiredWithoutPensionNumber",
      country: "requiredWithoutPensionNumber",
    });
    expect(
      problems(valid({ insurance_number: "", birth_date: "1990-05-01", birth_place: "Izmir", country: "163" })),
    ).toEqual({});
    expect(
      problems(valid({ insurance_number: "", birth_date: "1990-05-01", birth_place: "Izmir", country: "999" })),
    ).toEqual({
      country: "countryUnknown",
    });
  });

  it("checks the insurer against the entry date and names the successor", () => {
    expect(problems(valid({ health_insurance: "82395631" }))).toEqual({ health_insurance: "insurerEnded:35561094" });
    expect(problems(valid({ health_insurance: "11111111" }))).toEqual({ health_insurance: "insurerClosed" });
    expect(problems(valid({ health_insurance: "82395631", entry: "2015-03-01" }))).toEqual({});
    expect(problems(valid({ health_insurance: "35561094", entry: "2016-03-01" }))).toEqual({
      health_insurance: "insurerClosed",
    });
    expect(problems(valid({ health_insurance: "12345678" }))).toEqual({ health_insurance: "insurerUnknown" });
  });

  it("keeps dates in range: birth between 1900 and today, entry not before birth", () => {
    expect(problems(valid({ birth_date: "1899-12-31" }))).toEqual({ birth_date: "birthDateRange" });
    expect(problems(valid({ birth_date: "2026-12-01" }))).toEqual({
      birth_date: "birthDateRange",
      entry: "entryBeforeBirth",
    });
    expect(problems(valid({ birth_date: "2000-01-01", entry: "1999-12-31", health_insurance: "82395631" }))).toEqual({
      entry: "entryBeforeBirth",
    });
  });
});

describe("service issues on form fields", () => {
  it("maps the service's dotted fields to the form's", async () => {
    const { formFieldOf } = await import("./employee-schema");
    expect(formFieldOf("address.postal_code")).toBe("postal_code");
    expect(formFieldOf("health_insurance")).toBe("health_insurance");
    expect(formFieldOf("company_id")).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
