import pg from "pg";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";

// A graceful stop (SIGTERM/SIGINT: server.ts runs the shutdown hooks beside closing its server)
// stops this process's pg-boss within the bound, and a job still running is handed back at once:
// not left `active` until it expires, but due again now for another process. As the app's role,
// on a database of the file's own (its pg-boss must not take other files' jobs).

const it = test.extend("jobsDatabase", { scope: "file", auto: true }, async ({ sandbox }, { onCleanup }) => {
  void sandbox; // the sandbox's configuration first, then this file's own database for the app
  const database = await ownDatabase();
  process.env.DATABASE_URL = database.urls.appUrl;
  onCleanup(async () => {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
    await database.drop();
  });
  return database;
});

describe("the process's graceful stop", () => {
  it("stops pg-boss within 3 s from the hook instrumentation.ts registers, handing a running job back at once", async ({
    jobsDatabase,
  }) => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("JOBS_ENABLED", "false");
    // Unwired (vitest's setup file wired this process as instrumentation.ts does): register() wires it.
    const wiring = globalThis as { __eventConsumers?: unknown[]; __auditPresenters?: Record<string, unknown> };
    wiring.__eventConsumers = wiring.__auditPresenters = undefined;
    const { register } = await import("./instrumentation");
    await register();
    // The features' manifests wired even with the jobs off (docs/adr/0241-feature-manifests.md).
    expect(wiring.__eventConsumers).toHaveLength(2);
    expect(Object.keys(wiring.__auditPresenters ?? {})).toContain("webhook.added");
    const { getBoss } = await import("@/lib/jobs/boss");
    const boss = await getBoss();
    let started!: (id: string) => void;
    const running = new Promise<string>((resolve) => (started = resolve));
    // A Transfer that never ends by itself (its queue retries after 30 s and expires after 2 minutes).
    await boss.work(MONTH_CLOSE_QUEUES.transfer, { pollingIntervalSeconds: 0.5 }, ([job]) => {
      started(job!.id);
      return new Promise(() => {});
    });
    const sent = await boss.send(MONTH_CLOSE_QUEUES.transfer, { test: "shutdown" });
    expect(await running).toBe(sent);

    const { runShutdownHooks } = await import("@/lib/server/shutdown");
    const startedAt = performance.now();
    await runShutdownHooks(3_000);
    expect(performance.now() - startedAt).toBeLessThan(3_000);

    const app = new pg.Client({ connectionString: jobsDatabase.urls.appUrl });
    await app.connect();
    try {
      const { rows } = await app.query<{ state: string; due: boolean }>(
        "SELECT state::text, start_after <= now() AS due FROM pgboss.job WHERE name = $1 AND id = $2",
        [MONTH_CLOSE_QUEUES.transfer, sent],
      );
      expect(rows).toEqual([{ state: "retry", due: true }]);
    } finally {
      await app.end();
    }
  });
});
