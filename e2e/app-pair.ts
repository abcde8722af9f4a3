import { test as base } from "@playwright/test";
import { ownAppEnv } from "./app-env";
import { appPorts, migratedDatabase, startApps, type MigratedDatabase } from "./app-processes";
import { control, SANDBOX_URL } from "./helpers";

// Two app processes (production build, `next start`) on one database of their own, for the specs
// about what processes share: sessions, the renewal lock, co-editing through LISTEN/NOTIFY. Starting
// them costs a build's worth of start-up twice, so one pair serves every such spec of a worker:
// a worker fixture. playwright.config.ts runs with one worker and gives these specs a project of
// their own, so the pair is started once per run, right before them, and stopped after them. (A
// failed test ends its worker, as Playwright does: the retry gets a new pair on a new database.)
// Jobs are off in the pair: no scheduled job renews or reads in the background of what these
// specs count; the jobs' own tests run with them on.

export interface AppPair {
  /** The processes' URLs (http://localhost:<port>), first and second. */
  urls: string[];
  /** Their database, as their own role sees it. */
  database: MigratedDatabase;
  /** Everything the processes printed so far. */
  logs(): string;
}

/** `test` whose specs use `appPair`: no sandbox reset of their own (it would forget the pair's registration). */
export const test = base.extend<object, { appPair: AppPair }>({
  appPair: [
    async ({}, use) => {
      const ports = appPorts(0, 2);
      const urls = ports.map((port) => `http://localhost:${port}`);
      // A clean sandbox first: a later reset would forget the registration made here, so no spec of the pair resets.
      await control("POST", "/reset");
      const database = await migratedDatabase();
      const apps = startApps(ports, {
        NODE_ENV: "production",
        ...(await ownAppEnv("Ledgerlane (two app processes)", urls, database.url)),
        SANDBOX_URL,
        JOBS_ENABLED: "false",
      });
      // Whether the specs passed or not: no app process outlives the worker.
      const stop = async () => {
        await apps.stop();
        await database.drop();
      };
      await apps.ready().catch(async (error: unknown) => {
        await stop();
        throw error;
      });
      await use({ urls, database, logs: () => apps.logs.join("") });
      await stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
});
