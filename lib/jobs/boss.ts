import "server-only";
import PgBoss from "pg-boss";
import { serverEnv } from "@/lib/env/server";
import { inBackground } from "@/lib/http/server/upstream-priority";

/**
 * The durable job queue (pg-boss 10, tables in the `pgboss` schema of the app's
 * database). Every app process starts one; pg-boss hands each job to one
 * worker and runs each schedule once, however many processes there are.
 * The schema and the queues (lib/jobs/queues.ts) are made by the migration step, as the
 * migration role: the app's role may not create or alter tables (`migrate: false`).
 */
const holder = globalThis as { __boss?: Promise<PgBoss> };

export function getBoss(): Promise<PgBoss> {
  holder.__boss ??= (async () => {
    const boss = new PgBoss({
      connectionString: serverEnv().DATABASE_URL,
      schema: "pgboss",
      migrate: false,
      max: 3,
      application_name: "ledgerlane-jobs",
    });
    boss.on("error", (error: Error) => console.error(`jobs: ${error.message}`));
    runWorkersInBackground(boss);
    await boss.start();
    return boss;
  })();
  return holder.__boss;
}

export async function stopBoss(): Promise<void> {
  const running = holder.__boss;
  holder.__boss = undefined;
  if (running) await (await running).stop({ graceful: true, wait: true, timeout: 5_000 });
}

/**
 * Every job's upstream requests are background work (lib/http/server/upstream-priority.ts): they
 * leave the reserve of each request budget to people and wait for the next window rather than
 * fail. Done here, where every worker is registered, so no job can forget it.
 */
function runWorkersInBackground(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    return work(name, ...rest, (jobs: unknown) => inBackground(() => handler(jobs)));
  }) as typeof boss.work;
}
