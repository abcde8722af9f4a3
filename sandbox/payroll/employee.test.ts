import { describe, expect, it } from "vitest";
import { createHarness, envelopeOf, jsonOf, newEmployee } from "./test-helpers";

const PATH = "/v1/companies/1001/employees";
const BARMER_GEK = "82395631"; // ended 2016-12-31, successor BARMER
const BARMER = "35561094"; // from 2017-01-01
const ENDING_THIS_MONTH = "99249810"; // ends 2025-06-30
const STARTING_NEXT_MONTH = "41799027"; // from 2025-07-01

async function create(body: unknown) {
  const harness = createHarness();
  const response = await harness.request("POST", PATH, { body });
  const stored = jsonOf<{ id: number }[]>(await harness.control("GET", "/companies/1001/employees"));
  return { response, envelope: envelopeOf(response), storedIds: stored.map((employee) => employee.id) };
}

async function issuesFor(overrides: Record<string, unknown>) {
  const { response, envelope, storedIds } = await create(newEmployee(overrides));
  expect(response.status).toBe(422);
  expect(envelope.error?.code).toBe("VALIDATION_FAILED");
  expect(storedIds).not.toContain(50);
  return envelope.error?.issues ?? [];
}

describe("creating an employee", () => {
  it("stores a valid employee and answers it", async () => {
    const { response, envelope, storedIds } = await create(newEmployee());
    expect(response.status).toBe(200);
    expect(envelope.data).toEqual(newEmployee());
    expect(storedIds).toEqual([1, 2, 3, 4, 7, 50]);
  });

  it("defaults entry to the first day of the company's current payroll month", async () => {
    const { envelope } = await create(newEmployee({ entry: undefined }));
    expect(envelope.data).toMatchObject({ entry: "2025-06-01" });
    const harness = createHarness();
    const lagging = await harness.request("POST", "/v1/companies/1002/employees", {
      body: newEmployee({ company_id: 1002, entry: null }),
    });
    expect(envelopeOf(lagging).data).toMatchObject({ entry: "2025-05-01" });
  });

  it("stores an empty insurance_number when none is given", async () => {
    const { envelope } = await create(newEmployee({ insurance_number: undefined }));
    expect(envelope.data).toMatchObject({ insurance_number: "" });
  });

  it("refuses an id already in use with its own error, storing nothing", async () => {
    const harness = createHarness();
    const before = jsonOf<unknown[]>(await harness.control("GET", "/companies/1001/employees"));
    const response = await harness.request("POST", PATH, { body: newEmployee({ id: 3, first_name: "Other" }) });
    expect(response.status).toBe(409);
    expect(envelopeOf(response).error).toMatchObject({
      code: "EMPLOYEE_ID_IN_USE",
      issues: [{ field: "id", code: "IN_USE" }],
    });
    expect(jsonOf<unknown[]>(await harness.control("GET", "/companies/1001/employees"))).toEqual(before);
  });

  it("takes the same id in another company", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", "/v1/companies/1002/employees", {
      body: newEmployee({ company_id: 1002, id: 1 }),
    });
    expect(response.status).toBe(200);
  });

  it("refuses a second create with the same id", async () => {
    const harness = createHarness();
    expect((await harness.request("POST", PATH, { body: newEmployee() })).status).toBe(200);
    expect((await harness.request("POST", PATH, { body: newEmployee() })).status).toBe(409);
  });

  it("refuses an array: one employee per call", async () => {
    const { response, envelope } = await create([newEmployee()]);
    expect(response.status).toBe(422);
    expect(envelope.error?.issues[0]).toMatchObject({ code: "INVALID_TYPE" });
    expect(envelope.error?.issues[0]).not.toHaveProperty("field");
  });
});

describe("employee validation: every issue on its field, nothing stored", () => {
  it.each([
    ["company_id", { company_id: undefined }, "REQUIRED"],
    ["company_id", { company_id: "1001" }, "INVALID_TYPE"],
    ["company_id", { company_id: 0 }, "OUT_OF_RANGE"],
    ["company_id", { company_id: 1002 }, "MISMATCH"],
    ["id", { id: undefined }, "REQUIRED"],
    ["id", { id: 1.5 }, "INVALID_TYPE"],
    ["id", { id: -4 }, "OUT_OF_RANGE"],
    ["first_name", { first_name: "  " }, "REQUIRED"],
    ["first_name", { first_name: 7 }, "INVALID_TYPE"],
    ["last_name", { last_name: undefined }, "REQUIRED"],
    ["address", { address: undefined }, "REQUIRED"],
    ["address", { address: "Hauptstraße 5" }, "INVALID_TYPE"],
    ["address.street_address", { address: { postal_code: "04109", location: "Leipzig" } }, "REQUIRED"],
    [
      "address.postal_code",
      { address: { street_address: "A 1", postal_code: "4109", location: "Leipzig" } },
      "INVALID_FORMAT",
    ],
    [
      "address.postal_code",
      { address: { street_address: "A 1", postal_code: 4109, location: "Leipzig" } },
      "INVALID_TYPE",
    ],
    ["address.location", { address: { street_address: "A 1", postal_code: "04109", location: "" } }, "REQUIRED"],
    [
      "address.country",
      { address: { street_address: "A 1", postal_code: "04109", location: "L", country: "DE" } },
      "UNKNOWN_FIELD",
    ],
    ["sex", { sex: undefined }, "REQUIRED"],
    ["sex", { sex: 1 }, "INVALID_VALUE"],
    ["sex", { sex: "0" }, "INVALID_TYPE"],
    ["entry", { entry: "2025-02-30" }, "INVALID_FORMAT"],
    ["entry", { entry: "01.06.2025" }, "INVALID_FORMAT"],
    ["entry", { entry: "1989-01-01" }, "OUT_OF_RANGE"],
    ["email", { email: "jonas.weber" }, "INVALID_FORMAT"],
    ["health_insurance", { health_insurance: undefined }, "REQUIRED"],
    ["health_insurance", { health_insurance: "12345678" }, "UNKNOWN_REFERENCE"],
    ["health_insurance", { health_insurance: 86535397 }, "INVALID_TYPE"],
    ["health_insurance", { health_insurance: BARMER_GEK }, "OUT_OF_RANGE"],
    ["health_insurance", { health_insurance: STARTING_NEXT_MONTH }, "OUT_OF_RANGE"],
    ["insurance_number", { insurance_number: "65170839J004" }, "INVALID_FORMAT"],
    ["insurance_number", { insurance_number: "65 170839 J 00 3" }, "INVALID_FORMAT"],
    ["insurance_number", { insurance_number: 651708 }, "INVALID_TYPE"],
    ["birth_name", { birth_name: 3 }, "INVALID_TYPE"],
    ["birth_place", { birth_place: false }, "INVALID_TYPE"],
    ["birth_date", { birth_date: "1990-13-01" }, "INVALID_FORMAT"],
    ["birth_date", { birth_date: "2025-06-16" }, "OUT_OF_RANGE"],
    ["birth_date", { birth_date: "1899-12-31" }, "OUT_OF_RANGE"],
    ["country", { country: 5 }, "UNKNOWN_REFERENCE"],
    ["country", { country: "000" }, "INVALID_TYPE"],
    ["nickname", { nickname: "Joe" }, "UNKNOWN_FIELD"],
  ])("%s: %j gives %s", async (field, overrides, code) => {
    const issues = await issuesFor(overrides);
    expect(issues).toContainEqual(expect.objectContaining({ field, code }));
    for (const issue of issues) expect(issue).not.toHaveProperty("index");
  });

  it("lists every issue of a body at once", async () => {
    const issues = await issuesFor({ first_name: "", sex: 3, country: 5, entry: "2025-02-29" });
    expect(issues.map((issue) => issue.field).sort()).toEqual(["country", "entry", "first_name", "sex"]);
  });

  it("names the successor when the insurer has ended by the entry date", async () => {
    const issues = await issuesFor({ health_insurance: BARMER_GEK });
    expect(issues[0]?.message).toContain(BARMER);
  });

  it("takes an insurer still operating on the entry date, even if it ends soon", async () => {
    const { response } = await create(newEmployee({ health_insurance: ENDING_THIS_MONTH }));
    expect(response.status).toBe(200);
    const harness = createHarness();
    const late = await harness.request("POST", PATH, {
      body: newEmployee({ health_insurance: ENDING_THIS_MONTH, entry: "2025-07-01" }),
    });
    expect(late.status).toBe(422);
  });

  it("takes an ended insurer for an employee who entered before its end", async () => {
    const { response } = await create(newEmployee({ health_insurance: BARMER_GEK, entry: "2016-12-31" }));
    expect(response.status).toBe(200);
  });

  it("requires birth date, birth place and country when insurance_number is empty", async () => {
    const issues = await issuesFor({ insurance_number: "", birth_date: undefined, birth_place: "", country: null });
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ["birth_date", "REQUIRED"],
      ["birth_place", "REQUIRED"],
      ["country", "REQUIRED"],
    ]);
  });

  it("treats null and empty optional strings as absent", async () => {
    const { response, envelope } = await create(newEmployee({ email: "", birth_name: null }));
    expect(response.status).toBe(200);
    expect(envelope.data).not.toHaveProperty("email");
    expect(envelope.data).not.toHaveProperty("birth_name");
  });

  it("validates before the id check, so an invalid body with a used id is a validation error", async () => {
    const issues = await issuesFor({ id: 1, sex: 2 });
    expect(issues).toEqual([expect.objectContaining({ field: "sex" })]);
  });
});
