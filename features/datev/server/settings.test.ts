import { describe, expect } from "vitest";
import { monthTest } from "@/features/month-close/server/testing/month-world";
import { employeeDatevInputSchema, wageTypeRows, workspaceWageTypesInputSchema } from "../settings/schemas";

// The DATEV settings kept in the app, against the suite's Postgres on the month close's test world.

const it = monthTest({ steps: [], wakes: [] });

const EMPLOYEES = [
  { id: 1, name: "Anna Äbi" },
  { id: 2, name: "Ben Bauer" },
  { id: 3, name: "Cem Çelik" },
];

describe("DATEV personnel numbers", () => {
  it("keep an employee's own number, unique among the company's effective numbers, audited", async ({ world, db }) => {
    const { saveEmployeeDatevSettings, personnelNumbers } = await import("./settings");
    const actor = { workspaceId: world.workspaceId, userId: world.clerk.userId, name: world.clerk.name };
    const save = (employeeId: number, personnelNumber: string) =>
      saveEmployeeDatevSettings(
        actor,
        world.connectionId,
        world.company.id,
        EMPLOYEES,
        employeeId,
        employeeDatevInputSchema.parse({ personnelNumber }),
      );
    expect(await save(1, "7")).toEqual({ employeeId: 1, personnelNumber: 7 });
    // Employee 1's number is taken, and so is employee 3's default (its service id).
    await expect(save(2, "7")).rejects.toMatchObject({ status: 422, fields: { personnelNumber: "taken" } });
    await expect(save(2, "3")).rejects.toMatchObject({ status: 422, fields: { personnelNumber: "taken" } });
    // Employee 1 no longer holds 1: it is free.
    expect(await save(2, "1")).toEqual({ employeeId: 2, personnelNumber: 1 });
    // Back to the default (its id 1) while employee 2 holds 1: refused.
    await expect(save(1, "")).rejects.toMatchObject({ fields: { personnelNumber: "taken" } });
    await expect(save(9, "9")).rejects.toMatchObject({ status: 404 });
    expect(await personnelNumbers(world.connectionId, world.company.id)).toEqual(
      new Map([
        [1, 7],
        [2, 1],
      ]),
    );
    const audit = await db.auditEntry.findMany({
      where: { workspaceId: world.workspaceId, kind: "employee.datev_settings" },
      orderBy: { occurredAt: "asc" },
      select: { details: true },
    });
    expect(audit.map((entry) => entry.details)).toEqual([
      // By id only: no name in an append-only row (docs/erasure.md).
      { employeeId: 1, changes: { personnelNumber: [null, 7] } },
      { employeeId: 2, changes: { personnelNumber: [null, 1] } },
    ]);
  });
});

describe("the firm's default wage types", () => {
  it("prefill a company's table where it has no number of its own, audited once per change", async ({ world, db }) => {
    const { saveWorkspaceWageTypes, companyDatevSettings } = await import("./settings");
    const actor = { workspaceId: world.workspaceId, userId: world.owner.userId, name: world.owner.name };
    const rows = wageTypeRows({}).map((row) =>
      row.type === "BONUS_PAYMENT" ? { ...row, wageTypeNumber: "200" } : row,
    );
    const input = workspaceWageTypesInputSchema.parse({ wageTypes: rows });
    await saveWorkspaceWageTypes(actor, input);
    await saveWorkspaceWageTypes(actor, input);
    const settings = await companyDatevSettings(world.workspaceId, world.connectionId, world.company.id + 1000);
    expect(settings.wageTypes.BONUS_PAYMENT).toEqual({ wageTypeNumber: 200, processingKey: 4, carries: "amount" });
    expect(settings.wageTypes.HOURLY_WAGE?.wageTypeNumber).toBeNull();
    const entries = await db.auditEntry.count({
      where: { workspaceId: world.workspaceId, kind: "workspace.datev_wage_types" },
    });
    expect(entries).toBe(1);
  });
});
