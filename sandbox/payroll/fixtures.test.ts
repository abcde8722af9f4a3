import { describe, expect, it } from "vitest";
import { berlinDate } from "./dates";
import { isOperatingOn } from "./health-insurances";
import { createPayrollModule } from "./index";
import { seedPayroll } from "./seed/seed";
import { createHarness, TEST_NOW } from "./test-helpers";
import { validateNewEmployee } from "./validation/employee";

describe("fixtures", () => {
  it("have CONTRACT's shape", () => {
    const { customers } = createHarness().module.fixtures();
    expect(customers.length).toBeGreaterThanOrEqual(2);
    for (const customer of customers) {
      expect(Object.keys(customer).sort()).toEqual(["api_key", "companies", "username"]);
      expect(customer.api_key).toMatch(/^pk_sandbox_[a-z0-9]{24}$/);
      for (const company of customer.companies) {
        expect(Object.keys(company).sort()).toEqual(["current_month", "employee_ids", "id", "name1"]);
        expect(company.current_month).toMatch(/^\d{4}-\d{2}$/);
        expect(Number.isInteger(company.id)).toBe(true);
      }
    }
  });

  it("keep the API keys the README lists, whatever the day", () => {
    const keys = createPayrollModule({ now: () => new Date("2031-01-31T23:59:00Z") })
      .fixtures()
      .customers.map((customer) => [customer.username, customer.api_key]);
    expect(keys).toEqual([
      ["Sabine Krüger", "pk_sandbox_i58pght2xur5dj21ss00bhkw"],
      ["Thomas Albrecht", "pk_sandbox_qm1gphmm8yitmaz4tpv8y752"],
      ["Dr. Aylin Demir", "pk_sandbox_jodh4vddfg02n37n9msw4sqo"],
    ]);
  });

  it("have a company with at least 3 employees and one with 1,000", () => {
    const companies = createHarness()
      .module.fixtures()
      .customers.flatMap((customer) => customer.companies);
    expect(companies.some((company) => company.employee_ids.length >= 3 && company.employee_ids.length < 100)).toBe(
      true,
    );
    expect(companies.some((company) => company.employee_ids.length === 1000)).toBe(true);
  });

  it("are the same on every reset and for every module on the same day", () => {
    const payroll = createPayrollModule({ now: () => TEST_NOW });
    const first = JSON.stringify(payroll.fixtures());
    payroll.reset();
    expect(JSON.stringify(payroll.fixtures())).toBe(first);
    expect(JSON.stringify(createPayrollModule({ now: () => TEST_NOW }).fixtures())).toBe(first);
  });

  it("stay the seeded data after changes", async () => {
    const harness = createHarness();
    const before = harness.module.fixtures();
    await harness.request("POST", "/v1/companies/2002/employees", { key: harness.otherKey, body: {} });
    await harness.control("POST", "/companies/1001/close_month");
    expect(harness.module.fixtures()).toEqual(before);
  });

  it("seed employees that pass the service's own validation at their entry", () => {
    const { state } = seedPayroll(berlinDate(TEST_NOW));
    for (const company of state.companies.values()) {
      for (const employee of company.employees.values()) {
        const result = validateNewEmployee(employee, {
          company: company.company,
          employeeIds: new Set(),
          insurers: state.insurersByNumber,
          today: berlinDate(TEST_NOW),
        });
        expect(result.ok ? [] : result.issues, `${company.company.id}/${employee.id}`).toEqual([]);
      }
    }
  });

  it("assign some employees to insurers that have ended or end this month", () => {
    const { state } = seedPayroll(berlinDate(TEST_NOW));
    const large = state.companies.get(2001);
    const employees = [...(large?.employees.values() ?? [])];
    const endedBefore = employees.filter((employee) => {
      const insurer = state.insurersByNumber.get(employee.health_insurance);
      return insurer !== undefined && !isOperatingOn(insurer, "2025-06-01");
    });
    expect(endedBefore.length).toBeGreaterThanOrEqual(10);
    const small = [...(state.companies.get(1001)?.employees.values() ?? [])];
    const insurerNames = small.map((employee) => state.insurersByNumber.get(employee.health_insurance)?.companyName);
    expect(insurerNames).toContain("BARMER GEK");
    expect(insurerNames).toContain("BKK Mittelrhein Partner");
  });

  it("give companies German names, name2 and addresses", () => {
    const { state } = seedPayroll(berlinDate(TEST_NOW));
    for (const { company } of state.companies.values()) {
      expect(company.name1).toMatch(/GmbH|KG|Praxis|Dr\./);
      expect(company.name2.length).toBeGreaterThan(0);
      expect(company.address.postal_code).toMatch(/^\d{5}$/);
    }
  });
});
