import { describe, expect, it } from "vitest";
import { createHarness, envelopeOf } from "./test-helpers";

const ENVELOPE_HEADERS = {
  "Content-Type": "application/json;charset=UTF-8",
  "Cache-Control": "no-store",
  Pragma: "no-cache",
};

describe("envelope and headers", () => {
  it("answers success with HTTP 200, state null, error null and the data", async () => {
    const { request } = createHarness();
    const response = await request("GET", "/v1/username", { headers: { accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject(ENVELOPE_HEADERS);
    expect(envelopeOf(response)).toEqual({ success: true, state: null, error: null, data: "Sabine Krüger" });
  });

  it("answers failure with a non-200 status, state ERROR, data null and an error with code, message and issues", async () => {
    const { request } = createHarness();
    const response = await request("GET", "/v1/nothing");
    expect(response.status).toBe(404);
    expect(response.headers).toMatchObject(ENVELOPE_HEADERS);
    const envelope = envelopeOf(response);
    expect(envelope).toMatchObject({ success: false, state: "ERROR", data: null });
    expect(envelope.error).toMatchObject({ code: "NOT_FOUND", issues: [] });
    expect(typeof envelope.error?.message).toBe("string");
  });
});

describe("authentication", () => {
  it.each([
    ["no Authorization header", null],
    ["an unknown key", "pk_sandbox_unknown"],
  ])("refuses %s with 401 UNAUTHORIZED in the envelope", async (_, key) => {
    const { request } = createHarness();
    const response = await request("GET", "/v1/companies", { key });
    expect(response.status).toBe(401);
    expect(response.headers?.["WWW-Authenticate"]).toBe('Bearer realm="payroll"');
    expect(envelopeOf(response)).toMatchObject({ success: false, state: "ERROR", error: { code: "UNAUTHORIZED" } });
  });

  it("refuses a key sent without the Bearer scheme", async () => {
    const { request, key } = createHarness();
    const response = await request("GET", "/v1/companies", { key: null, headers: { authorization: key } });
    expect(response.status).toBe(401);
  });

  it("protects the CSV lists too", async () => {
    const { request } = createHarness();
    expect((await request("GET", "/v1/countries.csv", { key: null })).status).toBe(401);
    expect((await request("GET", "/v1/healthinsurances.csv", { key: null })).status).toBe(401);
  });

  it("takes the scheme case-insensitively", async () => {
    const { request, key } = createHarness();
    const response = await request("GET", "/v1/username", { key: null, headers: { authorization: `bearer ${key}` } });
    expect(response.status).toBe(200);
  });
});

describe("protocol errors", () => {
  it("answers 405 with Allow for a wrong method", async () => {
    const { request } = createHarness();
    const response = await request("DELETE", "/v1/companies");
    expect(response.status).toBe(405);
    expect(response.headers?.Allow).toBe("GET");
    expect(envelopeOf(response).error?.code).toBe("METHOD_NOT_ALLOWED");
    expect((await request("GET", "/v1/companies/1001/hourly_compensations")).status).toBe(405);
  });

  it("answers 415 for a body without Content-Type: application/json", async () => {
    const { request } = createHarness();
    const response = await request("POST", "/v1/companies/1001/hourly_compensations", {
      rawBody: "[]",
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(envelopeOf(response).error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("accepts a charset parameter on the JSON content type", async () => {
    const { request } = createHarness();
    const response = await request("POST", "/v1/companies/1001/hourly_compensations", {
      rawBody: "[]",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.status).toBe(200);
  });

  it("answers 400 MALFORMED_JSON for a body that is not JSON", async () => {
    const { request } = createHarness();
    const response = await request("POST", "/v1/companies/1001/further_payments", { rawBody: "[{" });
    expect(response.status).toBe(400);
    expect(envelopeOf(response).error?.code).toBe("MALFORMED_JSON");
  });

  it("answers 406 when Accept excludes the answer's type", async () => {
    const { request } = createHarness();
    const json = await request("GET", "/v1/companies", { headers: { accept: "text/csv" } });
    expect(json.status).toBe(406);
    expect(envelopeOf(json).error?.code).toBe("NOT_ACCEPTABLE");
    const csv = await request("GET", "/v1/countries.csv", { headers: { accept: "application/json" } });
    expect(csv.status).toBe(406);
    const refused = await request("GET", "/v1/companies", { headers: { accept: "application/json;q=0, */*" } });
    expect(refused.status).toBe(406);
  });

  it("takes wildcards and a missing Accept", async () => {
    const { request } = createHarness();
    expect((await request("GET", "/v1/companies", { headers: { accept: "*/*" } })).status).toBe(200);
    expect((await request("GET", "/v1/countries.csv", { headers: { accept: "text/*" } })).status).toBe(200);
    expect((await request("GET", "/v1/countries.csv")).status).toBe(200);
  });
});

describe("companies", () => {
  it("lists the customer's companies as Company objects with current_month", async () => {
    const { request } = createHarness();
    const data = envelopeOf(await request("GET", "/v1/companies")).data;
    expect(data).toEqual([
      {
        id: 1001,
        name1: "Bäckerei Krüger GmbH",
        name2: "Brot und Feingebäck seit 1952",
        address: { street_address: "Lindenstraße 14", postal_code: "50674", location: "Köln" },
        current_month: "2025-06",
      },
      expect.objectContaining({ id: 1002, current_month: "2025-05" }),
    ]);
  });

  it("lists a company's employees with their stored fields", async () => {
    const { request } = createHarness();
    const data = envelopeOf(await request("GET", "/v1/companies/1001/employees")).data as Record<string, unknown>[];
    expect(data.map((employee) => employee.id)).toEqual([1, 2, 3, 4, 7]);
    for (const employee of data) {
      expect(employee).toMatchObject({ company_id: 1001, address: expect.any(Object), sex: expect.any(Number) });
      expect(employee).toHaveProperty("health_insurance");
      expect(employee).toHaveProperty("entry");
    }
  });

  it("lists the 1,000 employees of the large company", async () => {
    const { request, otherKey } = createHarness();
    const data = envelopeOf(await request("GET", "/v1/companies/2001/employees", { key: otherKey })).data as unknown[];
    expect(data).toHaveLength(1000);
  });
});

describe("isolation between customers", () => {
  it("answers 404 for another customer's company exactly as for a company that does not exist", async () => {
    const { request, otherKey } = createHarness();
    const foreign = await request("GET", "/v1/companies/1001/employees", { key: otherKey });
    const missing = await request("GET", "/v1/companies/9999/employees", { key: otherKey });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(envelopeOf(foreign).error?.code).toBe(envelopeOf(missing).error?.code);
    expect(envelopeOf(foreign).error?.message).toBe(envelopeOf(missing).error?.message.replace("9999", "1001"));
  });

  it("stores nothing through another customer's company", async () => {
    const { request, otherKey, control } = createHarness();
    const response = await request("POST", "/v1/companies/1001/hourly_compensations", {
      key: otherKey,
      body: [{ company_id: 1001, employee_id: 1, type: "HOURLY_WAGE", total_hours: 8 }],
    });
    expect(response.status).toBe(404);
    expect(JSON.parse(String((await control("GET", "/companies/1001/hourly_compensations")).body))).toEqual([]);
  });

  it("does not list other customers' companies", async () => {
    const { request, otherKey } = createHarness();
    const data = envelopeOf(await request("GET", "/v1/companies", { key: otherKey })).data as { id: number }[];
    expect(data.map((company) => company.id)).toEqual([2001, 2002]);
  });

  it("answers the username of the key's owner", async () => {
    const { request, otherKey } = createHarness();
    expect(envelopeOf(await request("GET", "/v1/username", { key: otherKey })).data).toBe("Thomas Albrecht");
  });
});
