import { describe, expect, it } from "vitest";
import { createHarness, envelopeOf, jsonOf } from "./test-helpers";

describe("payroll control routes", () => {
  it("starts and ends a pay run", async () => {
    const harness = createHarness();
    const started = await harness.control("POST", "/companies/1002/pay_run", { in_progress: true });
    expect(started.status).toBe(200);
    expect(jsonOf(started)).toMatchObject({ company_id: 1002, in_progress: true, current_month: "2025-05" });
    expect(jsonOf(await harness.control("GET", "/companies/1002/pay_run"))).toMatchObject({ in_progress: true });
    const ended = await harness.control("POST", "/companies/1002/pay_run", { in_progress: false });
    expect(jsonOf(ended)).toMatchObject({ in_progress: false });
  });

  it("refuses a pay run body without a boolean in_progress", async () => {
    const harness = createHarness();
    expect((await harness.control("POST", "/companies/1001/pay_run", { in_progress: "yes" })).status).toBe(400);
  });

  it("moves employees of an ended insurer to its successor when a later pay run starts, and reports those without one", async () => {
    const harness = createHarness();
    await harness.control("POST", "/companies/1001/close_month");
    const answer = jsonOf<{ reassigned: { employee_id: number; from: string; to: string }[]; errors: unknown[] }>(
      await harness.control("POST", "/companies/1001/pay_run", { in_progress: true }),
    );
    expect(answer.reassigned).toContainEqual({ employee_id: 2, from: "82395631", to: "35561094" });
    expect(answer.reassigned).toContainEqual({ employee_id: 4, from: "99249810", to: "41799027" });
    const employees = jsonOf<{ id: number; health_insurance: string }[]>(
      await harness.control("GET", "/companies/1001/employees"),
    );
    expect(employees.find((employee) => employee.id === 4)?.health_insurance).toBe("41799027");

    const large = jsonOf<{ errors: { employee_id: number }[] }>(
      await harness.control("POST", "/companies/2001/pay_run", { in_progress: true }),
    );
    expect(large.errors).toContainEqual(expect.objectContaining({ employee_id: 2 }));
  });

  it("inspects stored hours and payments of the current period as JSON arrays", async () => {
    const harness = createHarness();
    const hours = [{ company_id: 1001, employee_id: 3, type: "SUNDAY_PREMIUM", total_hours: 4 }];
    await harness.request("POST", "/v1/companies/1001/hourly_compensations", { body: hours });
    expect(jsonOf(await harness.control("GET", "/companies/1001/hourly_compensations"))).toEqual(hours);
    expect(jsonOf(await harness.control("GET", "/companies/1001/further_payments"))).toEqual([]);
  });

  it("closes a month: next current_month, empty period, no pay run", async () => {
    const harness = createHarness();
    await harness.request("POST", "/v1/companies/1001/hourly_compensations", {
      body: [{ company_id: 1001, employee_id: 3, type: "HOURLY_WAGE", total_hours: 4 }],
    });
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: true });
    const closed = await harness.control("POST", "/companies/1001/close_month");
    expect(jsonOf(closed)).toMatchObject({ current_month: "2025-07", in_progress: false });
    expect(jsonOf(await harness.control("GET", "/companies/1001/hourly_compensations"))).toEqual([]);
    const companies = envelopeOf(await harness.request("GET", "/v1/companies")).data as { current_month: string }[];
    expect(companies[0]?.current_month).toBe("2025-07");
  });

  it("shows a company's state", async () => {
    const harness = createHarness();
    expect(jsonOf(await harness.control("GET", "/companies/2001"))).toMatchObject({
      id: 2001,
      employee_count: 1000,
      pay_run_in_progress: false,
    });
  });

  it("answers the fixtures", async () => {
    const harness = createHarness();
    expect(jsonOf(await harness.control("GET", "/fixtures"))).toEqual(harness.module.fixtures());
  });

  it("answers 404 for unknown companies and routes, 405 for wrong methods", async () => {
    const harness = createHarness();
    expect((await harness.control("GET", "/companies/42/hourly_compensations")).status).toBe(404);
    expect((await harness.control("GET", "/companies/1001/nothing")).status).toBe(404);
    expect((await harness.control("DELETE", "/companies/1001/pay_run")).status).toBe(405);
  });

  it("reset brings back the seeded state", async () => {
    const harness = createHarness();
    await harness.request("POST", "/v1/companies/1001/further_payments", {
      body: [{ company_id: 1001, employee_id: 1, type: "BONUS_PAYMENT", amount: 100 }],
    });
    await harness.control("POST", "/companies/1001/pay_run", { in_progress: true });
    harness.module.reset();
    expect(jsonOf(await harness.control("GET", "/companies/1001/further_payments"))).toEqual([]);
    expect(jsonOf(await harness.control("GET", "/companies/1001/pay_run"))).toMatchObject({ in_progress: false });
  });
});
