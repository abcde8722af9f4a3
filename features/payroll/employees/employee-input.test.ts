import { describe, expect, it } from "vitest";
import { normaliseEmployeeInput, normalisePensionNumber, normaliseSex, resolveInsurer } from "./employee-input";
import {
  emptyEmployeeInput,
  employeeProblems,
  isRequiredField,
  toNewEmployee,
  type EmployeeContext,
} from "./employee-schema";
import type { HealthInsurance } from "./insurers";

const list: HealthInsurance[] = [
  { number: "35561094", name: "BARMER", availableFrom: null, availableTo: null, replacement: null },
  { number: "10101010", name: "AOK Regional", availableFrom: null, availableTo: null, replacement: null },
  { number: "20202020", name: "AOK Regional", availableFrom: null, availableTo: null, replacement: null },
];
const insurers = new Map(list.map((insurer) => [insurer.number, insurer]));

describe("German spreadsheet values", () => {
  it("reads sex as w/m, weiblich/männlich, female/male or the service's codes", () => {
    for (const text of ["w", "W", "weiblich", "Female", "female", "-1"]) expect(normaliseSex(text)).toBe("-1");
    for (const text of ["m", "M", "männlich", "Männlich", "male", "0"]) expect(normaliseSex(text)).toBe("0");
    expect(normaliseSex("x")).toBe("x");
  });

  it("reads pension numbers with spaces", () => {
    expect(normalisePensionNumber("65 170839 J 003")).toBe("65170839J003");
    expect(normalisePensionNumber("65170839j003")).toBe("65170839J003");
  });

  it("finds the insurer by its exact name when only one has it; a shared or unknown name is a problem", () => {
    expect(resolveInsurer("Barmer", insurers)).toEqual({ value: "35561094" });
    expect(resolveInsurer("35561094", insurers)).toEqual({ value: "35561094" });
    expect(resolveInsurer("AOK Regional", insurers)).toEqual({ value: "AOK Regional", problem: "insurerAmbiguous" });
    expect(resolveInsurer("BARM", insurers)).toEqual({ value: "BARM", problem: "insurerUnknown" });
  });

  it("is idempotent, so the server may normalise the browser's rows again", () => {
    const once = normaliseEmployeeInput(
      {
        ...emptyEmployeeInput(),
        sex: "w",
        entry: "01.11.2026",
        health_insurance: "Barmer",
        insurance_number: "65 170839 J003",
      },
      insurers,
    ).input;
    expect(normaliseEmployeeInput(once, insurers).input).toEqual(once);
    expect(once).toMatchObject({
      sex: "-1",
      entry: "2026-11-01",
      health_insurance: "35561094",
      insurance_number: "65170839J003",
    });
  });
});

describe("the employee rules with German input", () => {
  const context: EmployeeContext = {
    companyId: 1001,
    defaultEntry: "2026-11-01",
    today: "2026-11-21",
    insurers,
    countries: new Set([0]),
  };
  const row = {
    ...emptyEmployeeInput(),
    id: "8",
    first_name: "Greta",
    last_name: "Sommer",
    street_address: "Rosenweg 3",
    postal_code: "50674",
    location: "Köln",
    sex: "weiblich",
    entry: "01.11.2026",
    health_insurance: "BARMER",
    insurance_number: "65 170839 J 003",
  };

  it("accepts a German row and sends the service's forms", () => {
    expect(employeeProblems(row, context)).toEqual([]);
    expect(toNewEmployee(row, 1001, insurers)).toMatchObject({
      sex: -1,
      entry: "2026-11-01",
      health_insurance: "35561094",
      insurance_number: "65170839J003",
    });
  });

  it("names an insurer name several insurers share, once", () => {
    expect(employeeProblems({ ...row, health_insurance: "AOK Regional" }, context)).toEqual([
      { field: "health_insurance", code: "insurerAmbiguous" },
    ]);
  });

  it("requires the birth data exactly when there is no pension number", () => {
    expect(isRequiredField("birth_date", { insurance_number: "" })).toBe(true);
    expect(isRequiredField("birth_place", { insurance_number: " " })).toBe(true);
    expect(isRequiredField("birth_date", { insurance_number: "65170839J003" })).toBe(false);
    expect(isRequiredField("birth_name", { insurance_number: "" })).toBe(false);
    expect(isRequiredField("last_name", { insurance_number: "65170839J003" })).toBe(true);
  });
});
