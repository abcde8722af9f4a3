import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { captureLog } from "@/lib/log/testing/capture";

// The import job against an in-process sandbox and the suite's Postgres, with the job side of
// the app running in child processes so that "the app" can be killed mid-job and started again.

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const THOMAS_KEY = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const EMPTY_COMPANY = 2002;

const children: ChildProcess[] = [];

function workerEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    JOBS_ENABLED: "true",
  };
}

function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "features/payroll/imports/worker-process.fixture.ts"],
    {
      cwd: ROOT,
      env: workerEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[worker ${child.pid}] ${chunk.toString()}`));
  children.push(child);
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The workers a test started are killed after the file, and pg-boss stopped, before its sandbox closes.
const fileTest = test.extend("workers", { scope: "file", auto: true }, async ({}, { onCleanup }) => {
  onCleanup(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
  });
});

const it = fileTest;

describe("bulk import job", () => {
  it("creates 500 employees exactly once despite 20% failures, dropped connections and a restart", async ({
    sandbox,
  }) => {
    const { getDb } = await import("@/lib/db/client");
    const { sealSecret } = await import("@/lib/server/secrets");
    const { clientForConnection } = await import("../../connection/server/connection");
    const { cachedCompanies, syncCompanies } = await import("../../connection/server/companies");
    const { healthInsurances, refreshReferenceLists } = await import("../../employees/server/reference-lists");
    const { createImport, importProgress, importReport } = await import("./imports");
    const { enqueueImport } = await import("./jobs");
    const { sampleEmployee } = await import("../sample-rows");

    const db = getDb();
    const user = await db.user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
    const connectionId = randomUUID();
    await db.payrollConnection.create({
      data: {
        id: connectionId,
        workspaceId: (await (await import("@/features/payroll/testing/actor")).personalActor(user.id)).workspaceId,
        baseUrl: sandbox.urls.payroll.base_url,
        username: "Thomas Albrecht",
        apiKeyEncrypted: sealSecret(THOMAS_KEY, {
          table: "payroll_connections",
          rowId: connectionId,
          column: "api_key_encrypted",
        }),
      },
    });
    const client = await clientForConnection(connectionId);
    await syncCompanies(connectionId, client);
    await refreshReferenceLists(client);
    const company = (await cachedCompanies(connectionId)).find((candidate) => candidate.id === EMPTY_COMPANY)!;
    const insurer = (await healthInsurances(client.baseUrl)).find(
      (candidate) => !candidate.availableFrom && !candidate.availableTo,
    )!;

    const rows = Array.from({ length: 500 }, (_, index) => ({
      row: index + 1,
      input: sampleEmployee(index, 1 + index, insurer.number),
    }));
    const importId = await createImport(connectionId, company, client, { rows }, null);
    expect((await importProgress(connectionId, importId))?.counts.pending).toBe(500);

    // 20% of the create calls fail: half answered 503, half stored and then the connection dropped.
    // Reads of the employee list fail too, 20% of them.
    const faults = await sandbox.control("POST", "/faults", {
      seed: 7,
      rules: [
        { method: "POST", path: "/payroll/v1/companies/*/employees", rate: 0.1, kind: "drop_after_commit" },
        { method: "POST", path: "/payroll/v1/companies/*/employees", rate: 0.11, kind: "error", status: 503 },
        { method: "GET", path: "/payroll/v1/companies/*/employees", rate: 0.2, kind: "error", status: 500 },
      ],
    });
    expect(faults.status).toBeLessThan(300);

    const first = startWorker();
    await enqueueImport(importId);
    await waitFor(
      "150 rows done",
      async () => ((await importProgress(connectionId, importId))!.counts.created >= 150 ? true : undefined),
      120_000,
    );
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const midway = (await importProgress(connectionId, importId))!;
    expect(midway.status).toBe("running");
    expect(midway.counts.created).toBeLessThan(500);

    startWorker();
    const done = await waitFor(
      "the import to complete",
      async () => {
        const progress = await importProgress(connectionId, importId);
        return progress?.status === "completed" ? progress : undefined;
      },
      240_000,
    );

    const stats = await sandbox.control<{ faults_injected: number }>("GET", "/stats");
    expect(stats.body.faults_injected).toBeGreaterThan(50);
    expect(done.counts).toMatchObject({ created: 500, pending: 0, sending: 0, failed: 0, in_use: 0, refused: 0 });

    const stored = await sandbox.control<{ id: number }[]>("GET", `/payroll/companies/${EMPTY_COMPANY}/employees`);
    const ids = stored.body.map((employee) => employee.id);
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    expect([...ids].sort((a, b) => a - b)).toEqual(rows.map((row) => row.row));
    const report = (await importReport(connectionId, importId))!;
    expect(report.every((row) => row.state === "created")).toBe(true);
  }, 400_000);

  it("pauses before the next row, resumes, and reports ids in use and refusals per row", async ({ sandbox }) => {
    const { getDb } = await import("@/lib/db/client");
    const { sealSecret } = await import("@/lib/server/secrets");
    const { clientForConnection } = await import("../../connection/server/connection");
    const { requireCompany } = await import("../../connection/server/companies");
    const { healthInsurances, refreshReferenceLists } = await import("../../employees/server/reference-lists");
    const { createImport, importProgress, importReport, setImportPaused } = await import("./imports");
    const { runImport } = await import("./engine");
    const { sampleEmployee } = await import("../sample-rows");
    await sandbox.control("POST", "/reset");
    await sandbox.control("POST", "/faults", {});

    const db = getDb();
    const user = await db.user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
    const connectionId = randomUUID();
    await db.payrollConnection.create({
      data: {
        id: connectionId,
        workspaceId: (await (await import("@/features/payroll/testing/actor")).personalActor(user.id)).workspaceId,
        baseUrl: sandbox.urls.payroll.base_url,
        username: "Sabine Krüger",
        apiKeyEncrypted: sealSecret("pk_sandbox_i58pght2xur5dj21ss00bhkw", {
          table: "payroll_connections",
          rowId: connectionId,
          column: "api_key_encrypted",
        }),
      },
    });
    const client = await clientForConnection(connectionId);
    await refreshReferenceLists(client);
    const { syncCompanies } = await import("../../connection/server/companies");
    await syncCompanies(connectionId, client);
    const company = await requireCompany(connectionId, 1002, client);
    const insurer = (await healthInsurances(client.baseUrl)).find(
      (candidate) => !candidate.availableFrom && !candidate.availableTo,
    )!;
    const rows = Array.from({ length: 30 }, (_, index) => ({
      row: index + 1,
      input: sampleEmployee(index, 501 + index, insurer.number),
    }));
    rows[3]!.input.id = "101"; // in use before the import
    rows[4]!.input.postal_code = "12"; // invalid: not sent
    const importId = await createImport(connectionId, company, client, { rows }, null);

    // Someone else takes id 520 after the preview: the service's 409 is reported for that row.
    await client.createEmployee(1002, {
      company_id: 1002,
      id: 520,
      first_name: "Other",
      last_name: "Person",
      address: { street_address: "Weg 1", postal_code: "10115", location: "Berlin" },
      sex: 0,
      health_insurance: insurer.number,
      insurance_number: "65170839J003",
    });

    let calls = 0;
    const deps = {
      clientFor: clientForConnection,
      sleep: async () => {},
    };
    const counting = {
      ...deps,
      clientFor: async (id: string) => {
        const real = await clientForConnection(id);
        const original = real.createEmployee.bind(real);
        real.createEmployee = async (companyId, employee) => {
          calls += 1;
          const created = await original(companyId, employee);
          if (calls === 10) {
            await setImportPaused(connectionId, importId, true);
            // The job looks at the import's status every 250 ms (by Date.now): the clock moves
            // past that instead of the test waiting for it.
            vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 300, shouldAdvanceTime: true });
          }
          return created;
        };
        return real;
      },
    };
    await runImport(importId, counting).finally(() => vi.useRealTimers());
    const paused = (await importProgress(connectionId, importId))!;
    expect(paused.status).toBe("paused");
    expect(paused.counts.created).toBeGreaterThanOrEqual(9);
    expect(paused.counts.created).toBeLessThanOrEqual(10);
    expect(paused.counts.sending).toBe(0);

    expect(await setImportPaused(connectionId, importId, false)).toBe(true);
    expect(await runImport(importId, deps)).toBe("completed");
    const done = (await importProgress(connectionId, importId))!;
    expect(done.counts).toMatchObject({ created: 27, in_use: 2, skipped: 1, pending: 0, sending: 0, failed: 0 });
    const report = (await importReport(connectionId, importId))!;
    expect(report.find((row) => row.row === 4)).toMatchObject({ state: "in_use", employeeId: 101 });
    // An invalid row keeps the person's name in the report.
    const invalid = rows[4]!.input;
    expect(report.find((row) => row.row === 5)).toMatchObject({
      state: "skipped",
      name: `${invalid.first_name} ${invalid.last_name}`,
    });
    expect(report.find((row) => row.row === 20)).toMatchObject({ state: "in_use", employeeId: 520 });
    const stored = await sandbox.control<{ id: number }[]>("GET", "/payroll/companies/1002/employees");
    expect(stored.body).toHaveLength(12 + 1 + 27);
  }, 60_000);

  it("fails a stored row that no longer parses, logged by its number and shown in the report, and sends the others", async ({
    sandbox,
  }) => {
    const { getDb } = await import("@/lib/db/client");
    const { sealSecret } = await import("@/lib/server/secrets");
    const { clientForConnection } = await import("../../connection/server/connection");
    const { requireCompany, syncCompanies } = await import("../../connection/server/companies");
    const { healthInsurances, refreshReferenceLists } = await import("../../employees/server/reference-lists");
    const { createImport, importProgress, importReport } = await import("./imports");
    const { runImport } = await import("./engine");
    const { sampleEmployee } = await import("../sample-rows");
    await sandbox.control("POST", "/reset");
    await sandbox.control("POST", "/faults", {});

    const db = getDb();
    const user = await db.user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
    const connectionId = randomUUID();
    await db.payrollConnection.create({
      data: {
        id: connectionId,
        workspaceId: (await (await import("@/features/payroll/testing/actor")).personalActor(user.id)).workspaceId,
        baseUrl: sandbox.urls.payroll.base_url,
        username: "Sabine Krüger",
        apiKeyEncrypted: sealSecret("pk_sandbox_i58pght2xur5dj21ss00bhkw", {
          table: "payroll_connections",
          rowId: connectionId,
          column: "api_key_encrypted",
        }),
      },
    });
    const client = await clientForConnection(connectionId);
    await refreshReferenceLists(client);
    await syncCompanies(connectionId, client);
    const company = await requireCompany(connectionId, 1002, client);
    const insurer = (await healthInsurances(client.baseUrl)).find(
      (candidate) => !candidate.availableFrom && !candidate.availableTo,
    )!;
    const rows = Array.from({ length: 3 }, (_, index) => ({
      row: index + 1,
      input: sampleEmployee(index, 601 + index, insurer.number),
    }));
    const importId = await createImport(connectionId, company, client, { rows }, null);
    // Row 2 as an older version (or a hand edit) might have left it.
    await db.payrollImportRow.updateMany({
      where: { importId, rowNumber: 2 },
      data: { payload: { first_name: 42, last_name: "Mustermann" } },
    });

    const logged = captureLog();
    expect(await runImport(importId, { clientFor: clientForConnection, sleep: async () => {} })).toBe("completed");
    expect(logged.records().some((line) => String(line.where).includes(`import ${importId} row 2`))).toBe(true);
    expect(logged.text()).not.toContain("Mustermann");
    const done = (await importProgress(connectionId, importId))!;
    expect(done.counts).toMatchObject({ created: 2, failed: 1, pending: 0, sending: 0 });
    const report = await (async () => {
      // The report reads the row's names again: unreadable there too, logged and flagged.
      captureLog();
      return (await importReport(connectionId, importId))!;
    })();
    expect(report.find((row) => row.row === 2)).toMatchObject({
      state: "failed",
      message: "The stored row could not be read.",
      name: "",
      unreadable: true,
    });
    expect(report.find((row) => row.row === 1)).not.toHaveProperty("unreadable");
    const stored = await sandbox.control<{ id: number }[]>("GET", "/payroll/companies/1002/employees");
    expect(stored.body.map((employee) => employee.id)).toEqual(expect.arrayContaining([601, 603]));
    expect(stored.body.map((employee) => employee.id)).not.toContain(602);
  }, 60_000);
});

describe("a 409 on a retry after a create without a clear answer", () => {
  const KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";

  // Shadows the file's `it`: these helpers are bound to the file's sandbox.
  const it = fileTest
    /** Sabine's company 1002 and an import of one row for `employeeId`. */
    .extend("oneRowImport", async ({ sandbox }) => async (employeeId: number) => {
      const { getDb } = await import("@/lib/db/client");
      const { sealSecret } = await import("@/lib/server/secrets");
      const { clientForConnection } = await import("../../connection/server/connection");
      const { requireCompany, syncCompanies } = await import("../../connection/server/companies");
      const { healthInsurances, refreshReferenceLists } = await import("../../employees/server/reference-lists");
      const { createImport } = await import("./imports");
      const { sampleEmployee } = await import("../sample-rows");
      await sandbox.control("POST", "/reset");
      await sandbox.control("POST", "/faults", {});
      const db = getDb();
      const user = await db.user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
      const connectionId = randomUUID();
      await db.payrollConnection.create({
        data: {
          id: connectionId,
          workspaceId: (await (await import("@/features/payroll/testing/actor")).personalActor(user.id)).workspaceId,
          baseUrl: sandbox.urls.payroll.base_url,
          username: "Sabine Krüger",
          apiKeyEncrypted: sealSecret(KEY, {
            table: "payroll_connections",
            rowId: connectionId,
            column: "api_key_encrypted",
          }),
        },
      });
      const client = await clientForConnection(connectionId);
      await refreshReferenceLists(client);
      await syncCompanies(connectionId, client);
      const company = await requireCompany(connectionId, 1002, client);
      const insurer = (await healthInsurances(client.baseUrl)).find(
        (candidate) => !candidate.availableFrom && !candidate.availableTo,
      )!;
      const importId = await createImport(
        connectionId,
        company,
        client,
        { rows: [{ row: 1, input: sampleEmployee(0, employeeId, insurer.number) }] },
        null,
      );
      return { connectionId, importId, client, insurer: insurer.number };
    })
    .extend(
      "createsOf",
      async ({ sandbox }) =>
        (employeeId: number) =>
        async () =>
          (await sandbox.control<{ id: number }[]>("GET", "/payroll/companies/1002/employees")).body.filter(
            (employee) => employee.id === employeeId,
          ),
    )
    .extend(
      "onePost",
      async ({ sandbox }) =>
        (rule: Record<string, unknown>) =>
          sandbox.control("POST", "/faults", {
            rules: [{ method: "POST", path: "/payroll/v1/companies/*/employees", times: 1, ...rule }],
          }),
    );

  it("stores rows whose id fits no integer as skipped, with the id's problem (not a database error)", async ({
    oneRowImport,
  }) => {
    const { createImport, importReport } = await import("./imports");
    const { sampleEmployee } = await import("../sample-rows");
    const { connectionId, client } = await oneRowImport(702);
    const { requireCompany } = await import("../../connection/server/companies");
    const company = await requireCompany(connectionId, 1002, client);
    const rows = ["4294967296", "99999999999999999999"].map((id, index) => ({
      row: index + 1,
      input: { ...sampleEmployee(index, 1, "35561094"), id },
    }));
    const importId = await createImport(connectionId, company, client, { rows }, null);
    const report = await importReport(connectionId, importId);
    expect(report?.map((row) => [row.row, row.state, row.employeeId, row.issues])).toEqual([
      [1, "skipped", 0, [{ field: "id", code: "idTooLarge" }]],
      [2, "skipped", 0, [{ field: "id", code: "idTooLarge" }]],
    ]);
  });

  it("counts the row as created when the service stored it after our timeout (its own employee holds the id)", async ({
    sandbox,
    oneRowImport,
    createsOf,
    onePost,
  }) => {
    const { PayrollClient } = await import("@/features/payroll/upstream/server/payroll-service");
    const { payrollConfig } = await import("@/features/payroll/upstream/server/config");
    const { importProgress, importReport } = await import("./imports");
    const { runImport } = await import("./engine");
    const { connectionId, importId, client } = await oneRowImport(701);
    const stored = createsOf(701);

    // The first create waits 1.5 s at the service, which stores it then; we stop waiting after 0.3 s.
    await onePost({ kind: "latency", latency_ms: 1500 });
    let sleeps = 0;
    const deps = {
      clientFor: async () =>
        new PayrollClient({
          baseUrl: client.baseUrl,
          apiKey: KEY,
          authHeader: payrollConfig().authHeader,
          timeoutMs: 300,
        }),
      // The engine's waits drive the story: after the timeout the list is read at once (the
      // employee is not there yet) and the next create is held up by a 429; while it waits,
      // the slow first create lands, so the third create meets its own employee: 409.
      sleep: async () => {
        sleeps += 1;
        if (sleeps === 1) {
          expect(await stored()).toHaveLength(0);
          await onePost({ kind: "rate_limit", retry_after: 0 });
        } else if (sleeps === 2) {
          await waitFor(
            "the slow create to be stored",
            async () => ((await stored()).length ? true : undefined),
            10_000,
          );
          await sandbox.control("POST", "/faults", {});
        }
      },
    };
    expect(await runImport(importId, deps)).toBe("completed");
    expect(sleeps).toBeGreaterThanOrEqual(2);
    expect((await importProgress(connectionId, importId))!.counts).toMatchObject({ created: 1, in_use: 0 });
    expect((await importReport(connectionId, importId))![0]).toMatchObject({ state: "created", employeeId: 701 });
    expect(await stored()).toHaveLength(1);
  }, 60_000);

  it("still reports the conflict when someone else's employee holds the id", async ({
    sandbox,
    oneRowImport,
    onePost,
  }) => {
    const { clientForConnection } = await import("../../connection/server/connection");
    const { importProgress, importReport } = await import("./imports");
    const { runImport } = await import("./engine");
    const { connectionId, importId, client, insurer } = await oneRowImport(702);

    // The first create gets a 503 (not stored); the retry a 429; meanwhile someone else takes id 702.
    await onePost({ kind: "error", status: 503 });
    let sleeps = 0;
    const deps = {
      clientFor: clientForConnection,
      sleep: async () => {
        sleeps += 1;
        if (sleeps === 1) await onePost({ kind: "rate_limit", retry_after: 0 });
        else if (sleeps === 2) {
          await sandbox.control("POST", "/faults", {});
          await client.createEmployee(1002, {
            company_id: 1002,
            id: 702,
            first_name: "Other",
            last_name: "Person",
            address: { street_address: "Weg 1", postal_code: "10115", location: "Berlin" },
            sex: 0,
            health_insurance: insurer,
            insurance_number: "65170839J003",
          });
        }
      },
    };
    expect(await runImport(importId, deps)).toBe("completed");
    expect((await importProgress(connectionId, importId))!.counts).toMatchObject({ created: 0, in_use: 1 });
    expect((await importReport(connectionId, importId))![0]).toMatchObject({ state: "in_use", employeeId: 702 });
  }, 60_000);
});
