import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { MonthKey } from "@/features/payroll/month-lock/states";

// The checks' input as the server assembles it, against the suite's Postgres and an in-process
// sandbox: draft lines of both kinds (blank and removed ones left out), the service's employees,
// the cached insurers, the app's settings, the Land's holidays and the last transferred month.

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;

// The file's person, with Sabine's payroll connected in a workspace they own, and the company's month.
const it = test
  .extend("connected", { scope: "file" }, async () => {
    const { getDb } = await import("@/lib/db/client");
    const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
    const { payrollFor } = await import("@/features/payroll/server/access");
    const { requireCompany } = await import("@/features/payroll/connection/server/companies");
    const db = getDb();
    const user = await db.user.create({
      data: { accountingUserId: `check-input-${Date.now()}`, displayName: "Clara Clerk" },
    });
    const userId = user.id;
    const workspace = await db.workspace.create({
      data: { name: `Check input ${Date.now()}`, members: { create: [{ userId, roles: ["owner"] }] } },
    });
    await connectPayroll({ userId, workspaceId: workspace.id }, { apiKey: SABINE_KEY }, null);
    const payroll = await payrollFor({ userId, workspaceId: workspace.id }, "payroll.edit");
    const client = payroll.client;
    const company = await requireCompany(payroll.connection.id, COMPANY, client);
    const key: MonthKey = { connectionId: payroll.connection.id, companyId: COMPANY, period: company.current_month };
    return { client, key, userId };
  })
  .extend("client", { scope: "file" }, async ({ connected }): Promise<PayrollClient> => connected.client)
  .extend("key", { scope: "file" }, async ({ connected }) => connected.key)
  .extend("userId", { scope: "file" }, async ({ connected }) => connected.userId);

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });
const before = (period: string, months: number) => {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 - months, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
};

describe("monthCheckInput", () => {
  it("assembles lines, employees, insurers, settings, holidays and the last transferred month", async ({
    client,
    key,
    userId,
  }) => {
    const { getDb } = await import("@/lib/db/client");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    const { monthCheckInput } = await import("./check-input");
    const db = getDb();
    await saveEntryDraft(
      { ...key, kind: "hours" },
      [line("h1", 1, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "14.5" }), line("blank", 2, {})],
      null,
    );
    await saveEntryDraft({ ...key, kind: "payments" }, [line("p1", 3, { type: "BONUS_PAYMENT", amount: "250" })], null);
    await db.payrollCompanySettings.create({
      data: { connectionId: key.connectionId, companyId: COMPANY, federalState: "BY", monthlyHoursLimit: 180 },
    });
    await db.payrollEmployeeSettings.create({
      data: { connectionId: key.connectionId, companyId: COMPANY, employeeId: 3, payCap: "minijob" },
    });
    // Two earlier months transferred: the later one's last accepted set of each kind counts; a refused one and this month's do not.
    const transfer = (
      period: string,
      kind: string,
      outcome: "succeeded" | "refused",
      lines: unknown[],
      createdAt: Date,
    ) =>
      db.payrollEntryTransfer.create({
        data: {
          connectionId: key.connectionId,
          companyId: COMPANY,
          period,
          kind,
          userId,
          userName: "Clara",
          outcome,
          lines: lines as never,
          lineCount: lines.length,
          totalCents: "0",
          createdAt,
        },
      });
    const last = before(key.period, 1);
    await transfer(
      before(key.period, 2),
      "hours",
      "succeeded",
      [line("old", 1, { type: "HOURLY_WAGE", total_hours: "1" })],
      new Date(Date.now() - 5000),
    );
    await transfer(
      last,
      "hours",
      "succeeded",
      [line("first", 1, { type: "HOURLY_WAGE", total_hours: "2" })],
      new Date(Date.now() - 4000),
    );
    await transfer(
      last,
      "hours",
      "succeeded",
      [line("second", 1, { type: "HOURLY_WAGE", total_hours: "3" })],
      new Date(Date.now() - 3000),
    );
    await transfer(
      last,
      "payments",
      "refused",
      [line("refused", 1, { type: "BONUS_PAYMENT", amount: "9" })],
      new Date(Date.now() - 2000),
    );
    await transfer(
      key.period,
      "hours",
      "succeeded",
      [line("now", 1, { type: "HOURLY_WAGE", total_hours: "4" })],
      new Date(Date.now() - 1000),
    );

    const input = await monthCheckInput(key, client);
    expect(input.month).toEqual({
      period: key.period,
      hours: [line("h1", 1, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "14.5" })],
      payments: [line("p1", 3, { type: "BONUS_PAYMENT", amount: "250" })],
    });
    const employees = await client.listEmployees(COMPANY);
    expect(input.employees.map((employee) => employee.id)).toEqual(
      employees.map((employee) => employee.id).sort((a, b) => a - b),
    );
    const second = employees.find((employee) => employee.id === 2)!;
    expect(input.employees.find((employee) => employee.id === 2)).toEqual({
      id: 2,
      firstName: second.first_name,
      lastName: second.last_name,
      healthInsurance: second.health_insurance ?? null,
    });
    expect(input.insurers.length).toBeGreaterThanOrEqual(50);
    expect(input.insurers.some((insurer) => insurer.number === second.health_insurance)).toBe(true);
    expect(input.company).toEqual({ federalState: "BY", monthlyHoursLimit: 180 });
    expect(input.employeeSettings).toEqual([{ employeeId: 3, payCap: "minijob", monthlyHoursLimit: null }]);
    const { publicHolidaysIn } = await import("../checks/holidays");
    expect(input.publicHolidays).toEqual(publicHolidaysIn("BY", key.period));
    expect(input.previous).toEqual({
      period: last,
      hours: [line("second", 1, { type: "HOURLY_WAGE", total_hours: "3" })],
      payments: [],
    });
  });
});
