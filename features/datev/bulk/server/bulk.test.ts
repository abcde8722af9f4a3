import { unzipSync } from "fflate";
import { describe, expect } from "vitest";
import { monthTest, type MonthWorld } from "@/features/month-close/server/testing/month-world";
import { companyDatevInputSchema, wageTypeRows } from "../../settings/schemas";

// The bulk export against an in-process sandbox (Sabine Krüger's companies 1001 and 1002) and the
// suite's Postgres: the run started as the route starts it (its row and its pg-boss job in one
// commit), its work run here as the worker runs it, its results and its ZIP read back.

const it = monthTest({ steps: [], wakes: [] });
const MAPPED: Record<string, string> = { HOURLY_WAGE: "100", SUNDAY_PREMIUM: "110", BONUS_PAYMENT: "200" };

async function configure(world: MonthWorld, companyId: number, target: string) {
  const { saveCompanyDatevSettings } = await import("../../server/settings");
  const rows = wageTypeRows({}).map((row) => ({ ...row, wageTypeNumber: MAPPED[row.type] ?? "" }));
  const input = companyDatevInputSchema.parse({
    consultantNumber: "1234567",
    clientNumber: String(10100 + companyId - 1000),
    program: "lodas",
    target,
    wageTypes: rows,
  });
  const actor = { workspaceId: world.workspaceId, userId: world.owner.userId, name: world.owner.name };
  await saveCompanyDatevSettings(actor, world.connectionId, companyId, input);
}

async function run(
  world: MonthWorld,
  months: { connectionId: string; companyId: number; period: string }[],
  key: string,
) {
  const { startBulkExport, bulkRun } = await import("./runs");
  const { runBulkExport } = await import("./run");
  const started = await startBulkExport(world.clerk, { requestKey: key, months });
  await runBulkExport(started.id);
  return bulkRun(world.workspaceId, started.id);
}

describe("bulk Export for DATEV", () => {
  it("is started by the roles that take the month's last step (the matrix's `payroll.transfer`)", async () => {
    const { ACTION_ROLES } = await import("@/features/month-close/states");
    const { rolesFor } = await import("@/features/workspaces/permissions");
    expect(rolesFor("payroll.transfer").sort()).toEqual([...ACTION_ROLES.transfer].sort());
  });

  it("exports the approved DATEV months, refuses the others with the reason, and zips the files with a results file", async ({
    world,
    toApproved,
    db,
  }) => {
    const period = world.key.period;
    await configure(world, 1001, "datev");
    await configure(world, 1002, "datev");
    await toApproved();
    const months = [
      { connectionId: world.connectionId, companyId: 1001, period },
      { connectionId: world.connectionId, companyId: 1002, period },
      { connectionId: "00000000-0000-4000-8000-000000000000", companyId: 1001, period },
    ];
    const { startBulkExport } = await import("./runs");
    const key = `first-${Date.now()}`;
    const first = await startBulkExport(world.clerk, { requestKey: key, months });
    // A double click: the same key answers the same run, and one job was queued.
    expect(await startBulkExport(world.clerk, { requestKey: key, months })).toEqual(first);
    await expect(startBulkExport(world.viewer, { requestKey: "viewer-key", months })).rejects.toMatchObject({
      code: "forbidden",
    });
    const jobs = await db.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM pgboss.job WHERE name = 'datev-bulk-export' AND data->>'bulkExportId' = ${first.id}`;
    expect(Number(jobs[0]?.count)).toBe(1);
    const { runBulkExport } = await import("./run");
    await runBulkExport(first.id);
    const { bulkRun, bulkZipOf } = await import("./runs");
    const answer = await bulkRun(world.workspaceId, first.id);
    expect(answer).toMatchObject({ state: "done", total: 3, zipSha256: expect.any(String) });
    expect(answer.results.map((result) => [result.item.companyId, result.result, result.reason])).toEqual([
      [1001, "exported", null],
      [1002, "refused", "not_approved"],
      [1001, "refused", "unknown_company"],
    ]);
    const exported = answer.results[0]!;
    const month = await db.monthClose.findFirstOrThrow({
      where: { connectionId: world.connectionId, companyId: 1001 },
    });
    expect(month).toMatchObject({ state: "transferred", transferTarget: "datev" });
    const stored = await db.datevExport.findUniqueOrThrow({ where: { id: exported.exportId! } });

    const zip = await bulkZipOf(world.clerk, first.id);
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files).sort()).toEqual(["Ergebnisse.csv", stored.fileName].sort());
    expect(Buffer.compare(Buffer.from(files[stored.fileName]!), Buffer.from(stored.content))).toBe(0);
    const csv = Buffer.from(files["Ergebnisse.csv"]!).toString("utf8");
    expect(csv.startsWith("\uFEFFFirma;Firmennummer;Monat;Ergebnis;Grund;Datei;SHA-256\r\n")).toBe(true);
    expect(csv).toContain(`;1001;`);
    expect(csv).toContain(`;exportiert;;${stored.fileName};${stored.sha256}\r\n`);
    expect(csv).toContain("nicht exportiert;Der Monat ist nicht freigegeben.;;");
    expect(csv).toContain("Dieser Arbeitsbereich hat keine solche Firma.");
    const kinds = await db.auditEntry.findMany({
      where: { workspaceId: world.workspaceId, subjectId: first.id },
      select: { kind: true },
    });
    expect(kinds.map((entry) => entry.kind).sort()).toEqual(["datev.bulk_export", "datev.bulk_export_download"]);
    // The access log: the month's file when made, and again in the ZIP downloaded, with its employees.
    const logged = await db.accessLogEntry.findMany({
      where: { workspaceId: world.workspaceId, kind: "datev_export", period: stored.period },
      select: { actorId: true, companyId: true, employeeIds: true },
    });
    const row = { actorId: world.clerk.userId, companyId: stored.companyId, employeeIds: stored.employeeIds };
    expect(stored.employeeIds.length).toBeGreaterThan(0);
    expect(logged).toEqual([row, row]);
    // Another workspace's person finds no such run.
    await expect(bulkRun("00000000-0000-4000-8000-000000000000", first.id)).rejects.toMatchObject({
      code: "not_found",
    });

    // A second run of the same months: nothing exported again, the stored file in its ZIP, byte for byte.
    const again = await run(world, months.slice(0, 1), `second-${Date.now()}`);
    expect(again.results.map((result) => [result.result, result.exportId])).toEqual([["already", stored.id]]);
    expect(await db.datevExport.count({ where: { connectionId: world.connectionId, companyId: 1001, period } })).toBe(
      1,
    );
    const secondFiles = unzipSync(new Uint8Array((await bulkZipOf(world.clerk, again.id)).bytes));
    expect(Buffer.compare(Buffer.from(secondFiles[stored.fileName]!), Buffer.from(stored.content))).toBe(0);
    // The job handed out again after the run is done changes nothing.
    await runBulkExport(again.id);
    expect((await bulkRun(world.workspaceId, again.id)).zipSha256).toBe(again.zipSha256);
  });

  it("refuses a company whose months go to the payroll service, and names the trial run's problems", async ({
    world,
    toApproved,
    db,
  }) => {
    const period = world.key.period;
    await configure(world, 1002, "payroll_service");
    await configure(world, 1001, "datev");
    await toApproved();
    await db.datevCompanySettings.update({
      where: { connectionId_companyId: { connectionId: world.connectionId, companyId: 1001 } },
      data: { consultantNumber: 5 },
    });
    const answer = await run(
      world,
      [
        { connectionId: world.connectionId, companyId: 1002, period },
        { connectionId: world.connectionId, companyId: 1001, period },
      ],
      `third-${Date.now()}`,
    );
    expect(answer.results).toMatchObject([
      { result: "refused", reason: "not_datev", code: "month_state" },
      { result: "refused", reason: "checks", code: "invalid", problems: [{ code: "consultantRange", value: 5 }] },
    ]);
    const month = await db.monthClose.findFirstOrThrow({
      where: { connectionId: world.connectionId, companyId: 1001 },
    });
    expect(month.state).toBe("approved");
  });

  it("goes with a connection it names (Delete all payroll data)", async ({ world, db }) => {
    const gone = await db.payrollConnection.create({
      data: { workspaceId: world.workspaceId, baseUrl: "http://127.0.0.1:9/payroll", username: `gone-${Date.now()}` },
    });
    const months = (connectionId: string) => [{ connectionId, companyId: 1001, period: world.key.period }];
    const row = (requestKey: string, connectionId: string) =>
      db.datevBulkExport.create({
        data: {
          workspaceId: world.workspaceId,
          userId: world.clerk.userId,
          userName: "Clara",
          requestKey,
          months: months(connectionId),
        },
      });
    const named = await row(`gone-${Date.now()}`, gone.id);
    const other = await row(`kept-${Date.now()}`, world.connectionId);
    await db.payrollConnection.delete({ where: { id: gone.id } });
    expect(await db.datevBulkExport.findUnique({ where: { id: named.id } })).toBeNull();
    expect(await db.datevBulkExport.findUnique({ where: { id: other.id } })).not.toBeNull();
  });
});
