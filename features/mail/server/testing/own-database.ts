import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { cloneDatabase, databaseUrl, dropDatabase } from "@/scripts/db/template";
import type { DatabaseUrls } from "@/scripts/db/roles";

/**
 * A migrated database of a test file's own (a copy of the run's template): the outbox's tests
 * drain every due row, so they must not share the suite's database with files that enqueue mail.
 * `drop` waits for the file's own connections to close (a forced drop would kill pooled
 * connections still closing, an error in the test's process).
 */
export async function ownDatabase(): Promise<{ urls: DatabaseUrls; drop: () => Promise<void> }> {
  const admin = inject("adminDatabaseUrl");
  const template = inject("templateDatabase");
  const name = `${template.name.replace(/_template$/, "")}_mail_${randomBytes(3).toString("hex")}`;
  const urls = await cloneDatabase(admin, template, name);
  const drop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl(admin, "postgres") });
    await client.connect();
    try {
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
    await dropDatabase(admin, name, urls);
  };
  return { urls, drop };
}
