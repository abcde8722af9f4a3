import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/sandbox/test-support";
import { parseAuthHeader, PayrollClient } from "./payroll-service";
import { parseCountriesCsv, parseHealthInsurancesCsv } from "@/features/payroll/employees/reference-csv";
import {
  PayrollIdInUseError,
  PayrollNetworkError,
  PayrollNotFoundError,
  PayrollUnauthorizedError,
  PayrollUnavailableError,
  PayrollValidationError,
} from "@/features/payroll/errors";

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
let sandbox: TestSandbox;

function client(apiKey = SABINE, timeoutMs = 5_000) {
  return new PayrollClient({
    baseUrl: sandbox.urls.payroll.base_url,
    apiKey,
    authHeader: parseAuthHeader("Authorization: Bearer {api_key}"),
    timeoutMs,
    sleep: async () => {},
  });
}

const employee = {
  company_id: 1001,
  id: 50,
  first_name: "Greta",
  last_name: "Sommer",
  address: { street_address: "Rosenweg 3", postal_code: "50674", location: "Köln" },
  sex: -1,
  health_insurance: "68167376",
  insurance_number: "65170839J003",
};

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});
afterAll(async () => {
  await sandbox?.close();
});

describe("the payroll client", () => {
  it("reads the owner, companies with their month, employees and both CSV lists", async () => {
    const payroll = client();
    expect(await payroll.getUsername()).toBe("Sabine Krüger");
    const companies = await payroll.listCompanies();
    expect(companies.map((company) => company.id)).toEqual([1001, 1002]);
    expect(companies[0]!.current_month).toMatch(/^\d{4}-\d{2}$/);
    expect((await payroll.listEmployees(1001)).map((row) => row.id)).toEqual([1, 2, 3, 4, 7]);
    expect(parseHealthInsurancesCsv(await payroll.healthInsurancesCsv()).length).toBeGreaterThanOrEqual(100);
    expect(parseCountriesCsv(await payroll.countriesCsv()).find((country) => country.id === 0)?.name).toBe(
      "Deutschland",
    );
  });

  it("sends the key in the configured header form", () => {
    expect(parseAuthHeader("X-Api-Key: {api_key}")).toEqual({ name: "x-api-key", template: "{api_key}" });
  });

  it("maps failures to their classes, with the service's issues", async () => {
    await expect(client("pk_wrong").getUsername()).rejects.toBeInstanceOf(PayrollUnauthorizedError);
    await expect(client().listEmployees(2001)).rejects.toBeInstanceOf(PayrollNotFoundError);
    const invalid = await client()
      .createEmployee(1001, { ...employee, address: { ...employee.address, postal_code: "123" } })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(PayrollValidationError);
    expect((invalid as PayrollValidationError).issues).toContainEqual(
      expect.objectContaining({ field: "address.postal_code", code: "INVALID_FORMAT" }),
    );
    const inUse = await client()
      .createEmployee(1001, { ...employee, id: 1 })
      .catch((error: unknown) => error);
    expect(inUse).toBeInstanceOf(PayrollIdInUseError);
    expect((inUse as PayrollIdInUseError).issues[0]).toMatchObject({ field: "id", code: "IN_USE" });
  });

  it("retries reads on server errors but sends a create only once", async () => {
    await sandbox.control("POST", "/faults", {
      rules: [{ method: "GET", path: "/payroll/v1/companies", kind: "error", status: 503, times: 2 }],
    });
    expect(await client().listCompanies()).toHaveLength(2);

    await sandbox.control("POST", "/faults", {
      rules: [{ method: "POST", path: "/payroll/v1/companies/*/employees", kind: "error", status: 503, times: 1 }],
    });
    const before = (await sandbox.control<{ payroll: number; requests: number }>("GET", "/stats")).body.requests;
    await expect(client().createEmployee(1001, employee)).rejects.toBeInstanceOf(PayrollUnavailableError);
    expect((await sandbox.control<{ requests: number }>("GET", "/stats")).body.requests).toBe(before + 1);
  });

  it("reports a dropped connection after the commit as a network failure (the caller must look)", async () => {
    await sandbox.control("POST", "/faults", {
      rules: [{ method: "POST", path: "/payroll/v1/companies/*/employees", kind: "drop_after_commit", times: 1 }],
    });
    await expect(client().createEmployee(1001, employee)).rejects.toBeInstanceOf(PayrollNetworkError);
    expect((await client().listEmployees(1001)).map((row) => row.id)).toContain(50);
  });

  it("times out", async () => {
    await sandbox.control("POST", "/faults", {
      rules: [{ path: "/payroll/v1/username", kind: "latency", latency_ms: 1_000 }],
    });
    const error = await client(SABINE, 200)
      .getUsername()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayrollNetworkError);
    expect((error as PayrollNetworkError).timedOut).toBe(true);
  });
});
