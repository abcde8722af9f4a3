import { describe, expect, it } from "vitest";
import { createHarness, envelopeOf, jsonOf } from "./test-helpers";

const HOURS = "/v1/companies/1001/hourly_compensations";
const PAYMENTS = "/v1/companies/1001/further_payments";

function hour(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company_id: 1001,
    employee_id: 1,
    type: "HOURLY_WAGE",
    total_amount: 14.5,
    total_hours: 7.5,
    surcharge: 0,
    date: "2025-06-02",
    cost_center_id: "KST-100",
    cost_object_id: "KTR-7",
    ...overrides,
  };
}

function payment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { company_id: 1001, employee_id: 1, type: "TRAVEL_COSTS", count: 2, amount: 25.5, ...overrides };
}

async function stored(harness: ReturnType<typeof createHarness>, what: "hourly_compensations" | "further_payments") {
  return jsonOf<Record<string, unknown>[]>(await harness.control("GET", `/companies/1001/${what}`));
}

describe("hours transfer", () => {
  it("stores the hours and answers a transfer result", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", HOURS, {
      body: [hour(), hour({ type: "NIGHT_SUPPLEMENT_25", employee_id: 7 })],
    });
    expect(response.status).toBe(200);
    expect(envelopeOf(response).data).toEqual({ company_id: 1001, month: "2025-06", count: 2 });
    expect(await stored(harness, "hourly_compensations")).toEqual([
      hour(),
      hour({ type: "NIGHT_SUPPLEMENT_25", employee_id: 7 }),
    ]);
  });

  it("takes every compensation type", async () => {
    const types = [
      "HOURLY_WAGE",
      "HOLIDAY_SURCHARGE_125",
      "HOLIDAY_SURCHARGE_150",
      "NIGHT_SUPPLEMENT_25",
      "NIGHT_SUPPLEMENT_40",
      "SUNDAY_PREMIUM",
      "ADDITIONAL_OVERTIME",
      "NIGHT_SUPPLEMENT",
      "HOLIDAY_SURCHARGE",
    ];
    const harness = createHarness();
    const response = await harness.request("POST", HOURS, { body: types.map((type) => hour({ type })) });
    expect(response.status).toBe(200);
  });

  it("overwrites all earlier hours of the period with each transfer", async () => {
    const harness = createHarness();
    await harness.request("POST", HOURS, { body: [hour(), hour({ employee_id: 2 }), hour({ employee_id: 3 })] });
    await harness.request("POST", HOURS, { body: [hour({ employee_id: 4, total_hours: 3 })] });
    expect(await stored(harness, "hourly_compensations")).toEqual([hour({ employee_id: 4, total_hours: 3 })]);
    await harness.request("POST", HOURS, { body: [] });
    expect(await stored(harness, "hourly_compensations")).toEqual([]);
  });

  it("keeps the earlier hours when a transfer fails", async () => {
    const harness = createHarness();
    await harness.request("POST", HOURS, { body: [hour()] });
    const response = await harness.request("POST", HOURS, {
      body: [hour({ employee_id: 2 }), hour({ total_hours: -1 })],
    });
    expect(response.status).toBe(422);
    expect(await stored(harness, "hourly_compensations")).toEqual([hour()]);
  });

  it("needs a JSON array", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", HOURS, { body: hour() });
    expect(response.status).toBe(422);
    expect(envelopeOf(response).error?.issues).toEqual([expect.objectContaining({ code: "INVALID_TYPE" })]);
  });

  it.each([
    ["company_id", { company_id: undefined }, "REQUIRED"],
    ["company_id", { company_id: 1002 }, "MISMATCH"],
    ["company_id", { company_id: "1001" }, "INVALID_TYPE"],
    ["employee_id", { employee_id: undefined }, "REQUIRED"],
    ["employee_id", { employee_id: 5 }, "UNKNOWN_REFERENCE"],
    ["employee_id", { employee_id: 0 }, "OUT_OF_RANGE"],
    ["type", { type: undefined }, "REQUIRED"],
    ["type", { type: "hourly_wage" }, "INVALID_VALUE"],
    ["total_amount", { total_amount: "14.50" }, "INVALID_TYPE"],
    ["total_amount", { total_amount: -1 }, "OUT_OF_RANGE"],
    ["total_hours", { total_hours: -0.5 }, "OUT_OF_RANGE"],
    ["total_hours", { total_hours: "8" }, "INVALID_TYPE"],
    ["surcharge", { surcharge: -25 }, "OUT_OF_RANGE"],
    ["date", { date: "2025-06-31" }, "INVALID_FORMAT"],
    ["date", { date: "2025-05-31" }, "OUT_OF_RANGE"],
    ["date", { date: "2025-07-01" }, "OUT_OF_RANGE"],
    ["cost_center_id", { cost_center_id: 100 }, "INVALID_TYPE"],
    ["cost_object_id", { cost_object_id: ["x"] }, "INVALID_TYPE"],
    ["hours", { hours: 8 }, "UNKNOWN_FIELD"],
  ])("element %#: %s %j gives %s at its index", async (field, overrides, code) => {
    const harness = createHarness();
    const response = await harness.request("POST", HOURS, { body: [hour(), hour(overrides)] });
    expect(response.status).toBe(422);
    expect(envelopeOf(response).error?.issues).toContainEqual(expect.objectContaining({ index: 1, field, code }));
    expect(await stored(harness, "hourly_compensations")).toEqual([]);
  });

  it("lists the issues of every element with its index", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", HOURS, {
      body: [hour({ total_hours: -1 }), hour(), "x", hour({ type: "NOPE", employee_id: 999 })],
    });
    const issues = envelopeOf(response).error?.issues ?? [];
    expect(issues.map((issue) => [issue.index, issue.field ?? null, issue.code])).toEqual([
      [0, "total_hours", "OUT_OF_RANGE"],
      [2, null, "INVALID_TYPE"],
      [3, "employee_id", "UNKNOWN_REFERENCE"],
      [3, "type", "INVALID_VALUE"],
    ]);
  });

  it("dates hours by the company's own current month", async () => {
    const harness = createHarness();
    const body = [{ company_id: 1002, employee_id: 101, type: "HOURLY_WAGE", total_hours: 8, date: "2025-05-31" }];
    expect((await harness.request("POST", "/v1/companies/1002/hourly_compensations", { body })).status).toBe(200);
  });

  it("refuses hours while a pay run is in progress and takes them again afterwards", async () => {
    const harness = createHarness();
    await harness.request("POST", HOURS, { body: [hour()] });
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: true });
    const refused = await harness.request("POST", HOURS, { body: [hour({ total_hours: 1 })] });
    expect(refused.status).toBe(409);
    expect(envelopeOf(refused).error?.code).toBe("PAY_RUN_IN_PROGRESS");
    expect(await stored(harness, "hourly_compensations")).toEqual([hour()]);
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: false });
    expect((await harness.request("POST", HOURS, { body: [hour({ total_hours: 1 })] })).status).toBe(200);
  });
});

describe("further payments transfer", () => {
  it("stores an array of payments, count defaulting to 1.0", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", PAYMENTS, {
      body: [payment(), payment({ type: "BONUS_PAYMENT", count: undefined, amount: 500 })],
    });
    expect(response.status).toBe(200);
    expect(envelopeOf(response).data).toEqual({ company_id: 1001, month: "2025-06", count: 2 });
    expect(await stored(harness, "further_payments")).toEqual([
      payment(),
      { company_id: 1001, employee_id: 1, type: "BONUS_PAYMENT", count: 1, amount: 500 },
    ]);
  });

  it("takes a single object as a one-element transfer", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", PAYMENTS, { body: payment({ type: "FOOD_ALLOWANCE" }) });
    expect(response.status).toBe(200);
    expect(await stored(harness, "further_payments")).toEqual([payment({ type: "FOOD_ALLOWANCE" })]);
  });

  it("takes negative amounts (deductions)", async () => {
    const harness = createHarness();
    expect((await harness.request("POST", PAYMENTS, { body: [payment({ amount: -20 })] })).status).toBe(200);
  });

  it("replaces the period's payments with each transfer", async () => {
    const harness = createHarness();
    await harness.request("POST", PAYMENTS, { body: [payment(), payment({ employee_id: 2 })] });
    await harness.request("POST", PAYMENTS, { body: [payment({ amount: 1 })] });
    expect(await stored(harness, "further_payments")).toEqual([payment({ amount: 1 })]);
  });

  it.each([
    ["company_id", { company_id: 2001 }, "MISMATCH"],
    ["employee_id", { employee_id: 6 }, "UNKNOWN_REFERENCE"],
    ["type", { type: "SALARY" }, "INVALID_VALUE"],
    ["type", { type: undefined }, "REQUIRED"],
    ["count", { count: "2" }, "INVALID_TYPE"],
    ["count", { count: -1 }, "OUT_OF_RANGE"],
    ["amount", { amount: undefined }, "REQUIRED"],
    ["amount", { amount: "25.50" }, "INVALID_TYPE"],
    ["currency", { currency: "EUR" }, "UNKNOWN_FIELD"],
  ])("%s %j gives %s, storing nothing", async (field, overrides, code) => {
    const harness = createHarness();
    await harness.request("POST", PAYMENTS, { body: [payment()] });
    const response = await harness.request("POST", PAYMENTS, {
      body: [payment({ employee_id: 2 }), payment(overrides)],
    });
    expect(response.status).toBe(422);
    expect(envelopeOf(response).error?.issues).toContainEqual(expect.objectContaining({ index: 1, field, code }));
    expect(await stored(harness, "further_payments")).toEqual([payment()]);
  });

  it("gives a single object's issues without an index", async () => {
    const harness = createHarness();
    const response = await harness.request("POST", PAYMENTS, { body: payment({ amount: null }) });
    expect(envelopeOf(response).error?.issues).toEqual([
      { field: "amount", code: "REQUIRED", message: "amount is required" },
    ]);
  });

  it("refuses payments while a pay run is in progress", async () => {
    const harness = createHarness();
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: true });
    const response = await harness.request("POST", PAYMENTS, { body: [payment()] });
    expect(response.status).toBe(409);
    expect(envelopeOf(response)).toMatchObject({
      success: false,
      state: "ERROR",
      data: null,
      error: { code: "PAY_RUN_IN_PROGRESS" },
    });
    expect(await stored(harness, "further_payments")).toEqual([]);
  });

  it("refuses during a pay run even an invalid body with the pay run error", async () => {
    const harness = createHarness();
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: true });
    const response = await harness.request("POST", PAYMENTS, { body: [{}] });
    expect(envelopeOf(response).error?.code).toBe("PAY_RUN_IN_PROGRESS");
  });
});
