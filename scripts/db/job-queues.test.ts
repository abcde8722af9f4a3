import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QUEUE_OPTIONS } from "@/lib/composition/queues";
import { PGBOSS_SCHEDULE_QUEUE } from "@/lib/jobs/queues";

// The suite's database was migrated as production's is (scripts/test/global-setup.ts: the
// migration role ran migrate.ts, the app's role was granted its share). The app's role may not
// create a queue, so every queue pg-boss needs must exist after the migration, pg-boss's own
// schedule queue included (without it every scheduled run is silently dropped).

let app: pg.Client;
beforeAll(async () => {
  app = new pg.Client({ connectionString: inject("databaseUrl") });
  await app.connect();
});
afterAll(() => app.end());

describe("the migration's job queues", () => {
  it("names pg-boss's own schedule queue as the installed pg-boss does", () => {
    const { QUEUES } = createRequire(import.meta.url)("pg-boss/src/timekeeper.js") as { QUEUES: { SEND_IT: string } };
    expect(PGBOSS_SCHEDULE_QUEUE).toBe(QUEUES.SEND_IT);
  });

  it("gathers the features' queues outside Next, as the migration step runs: under tsx, no server-only on the way", () => {
    // vitest stubs server-only (vitest.config.ts); the migration step runs under plain tsx, where it throws.
    const script = `import("./scripts/db/job-queues.ts").then(() => import("./lib/composition/queues.ts")).then(({ QUEUE_OPTIONS }) => console.log(JSON.stringify(Object.keys(QUEUE_OPTIONS))))`;
    const printed = execFileSync(process.execPath, ["--import", "tsx", "--eval", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
    });
    expect((JSON.parse(printed) as string[]).sort()).toEqual(Object.keys(QUEUE_OPTIONS).sort());
  }, 60_000);

  it("made every queue of the app and pg-boss's schedule queue, each with its table, readable by the app's role", async () => {
    const { rows } = await app.query<{ name: string; partition_name: string }>(
      "SELECT name, partition_name FROM pgboss.queue",
    );
    const names = rows.map((row) => row.name);
    for (const name of [...Object.keys(QUEUE_OPTIONS), PGBOSS_SCHEDULE_QUEUE]) expect(names).toContain(name);
    const sendIt = rows.find((row) => row.name === PGBOSS_SCHEDULE_QUEUE)!;
    const { rows: tables } = await app.query("SELECT 1 FROM pg_tables WHERE schemaname = 'pgboss' AND tablename = $1", [
      sendIt.partition_name,
    ]);
    expect(tables).toHaveLength(1);
  });
});
