import { describe, expect, it } from "vitest";
import { employeeRows, insurerLabels } from "./employee-rows";
import type { HealthInsurance } from "./insurers";
import type { Employee } from "../schemas";

const insurer = (number: string, name: string, availableTo: string | null): HealthInsurance => ({
  number,
  name,
  availableFrom: null,
  availableTo,
  replacement: null,
});

const employee = (id: number, healthInsurance?: string): Employee => ({
  company_id: 1,
  id,
  first_name: "Greta",
  last_name: "Sommer",
  address: { street_address: "Domstraße 1", postal_code: "50674", location: "Köln" },
  entry: "2026-01-01",
  health_insurance: healthInsurance,
});

describe("employeeRows", () => {
  const labels = insurerLabels([insurer("101", "AOK", null), insurer("102", "BKK Alt", "2026-05-31")], "2026-11");

  it("names the insurer and flags one that has ended by the payroll month", () => {
    const [aok, ended] = employeeRows([employee(1, "101"), employee(2, "102")], labels);
    expect(aok).toMatchObject({
      id: 1,
      firstName: "Greta",
      lastName: "Sommer",
      postalCode: "50674",
      location: "Köln",
      entry: "2026-01-01",
      insurer: "AOK",
      insurerEnded: false,
    });
    expect(ended).toMatchObject({ insurer: "BKK Alt", insurerEnded: true });
  });

  it("shows an unknown insurer by its number and no insurer as empty", () => {
    const [unknown, none] = employeeRows([employee(3, "999"), employee(4)], labels);
    expect(unknown).toMatchObject({ insurer: "999", insurerEnded: false });
    expect(none).toMatchObject({ insurer: "", insurerEnded: false });
  });
});
