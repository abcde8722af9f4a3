import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test as it } from "@/features/accounting/testing/fixtures";

// Restriction where the service's employees are read, against the sandbox: an employee under an
// erasure request requested before the company's current month is left out of the grid's
// employees and the checks' list of that month; the others stay.

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";

describe("restriction", () => {
  it("leaves the employee out of a later month's grid and checks", async ({ sandbox }) => {
    await sandbox.control("POST", "/reset");
    const { getDb } = await import("@/lib/db/client");
    const { personalActor } = await import("@/features/payroll/testing/actor");
    const { connectPayroll, clientForConnection } = await import("@/features/payroll/connection/server/connection");
    const { requireCompany } = await import("@/features/payroll/connection/server/companies");
    const { entriesPageData } = await import("@/features/payroll/entries/server/page-data");
    const { checkContext } = await import("@/features/month-close/server/check-input");
    const user = await getDb().user.create({ data: { accountingUserId: `erasure-${randomUUID()}` } });
    const actor = await personalActor(user.id);
    const connection = await connectPayroll(actor, { apiKey: SABINE }, null);
    const client = await clientForConnection(connection.id);
    const company = await requireCompany(connection.id, 1001, client);
    const before = (await entriesPageData(connection.id, client, company, "hours")).employees.map((row) => row.id);
    const restricted = before[0]!;
    await getDb().erasureRequest.create({
      data: {
        workspaceId: actor.workspaceId,
        connectionId: connection.id,
        companyId: 1001,
        employeeId: restricted,
        requestedAt: new Date("2020-01-15T10:00:00Z"),
      },
    });
    const after = (await entriesPageData(connection.id, client, company, "hours")).employees.map((row) => row.id);
    expect(after).toEqual(before.filter((id) => id !== restricted));
    const key = { connectionId: connection.id, companyId: 1001, period: company.current_month };
    const checked = (await checkContext(key, client)).employees.map((employee) => employee.id);
    expect(checked).not.toContain(restricted);
    expect(checked.length).toBe(before.length - 1);
    // The month it was requested in keeps them (its lines stay readable).
    const then = (await checkContext({ ...key, period: "2020-01" }, client)).employees.map((employee) => employee.id);
    expect(then).toContain(restricted);
    // Where a page still shows them, their name carries the mark with the request's day.
    const { markRestricted } = await import("./restricted");
    const marked = await markRestricted(
      connection.id,
      1001,
      [
        { id: restricted, name: "Ada" },
        { id: -1, name: "Ben" },
      ],
      (day) => `Restricted (${day})`,
    );
    expect(marked.map((row) => row.name)).toEqual(["Ada — Restricted (2020-01-15)", "Ben"]);
  });
});
