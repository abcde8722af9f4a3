import PgBoss from "pg-boss";
import { QUEUE_OPTIONS } from "../../lib/composition/queues";
import { PGBOSS_SCHEDULE_QUEUE } from "../../lib/jobs/queues";

/**
 * Creates or upgrades pg-boss's schema (`pgboss`) and creates every queue the features declare
 * (their manifests' `queues`, gathered from the list by lib/composition/queues.ts, which loads
 * here outside Next: the list and the manifests are pure), and pg-boss's own schedule queue
 * (PGBOSS_SCHEDULE_QUEUE, with pg-boss's defaults, as its timekeeper would make it), as the
 * migration role: part of every migration run (migrate.ts), so the app's role, which may not
 * create tables, finds them made. A queue that exists is brought to its declared options.
 */
export async function installJobQueues(connectionString: string): Promise<void> {
  const boss = new PgBoss({
    connectionString,
    schema: "pgboss",
    max: 1,
    supervise: false,
    schedule: false,
    application_name: "ledgerlane-migrate",
  });
  const failures: Error[] = [];
  boss.on("error", (error: Error) => failures.push(error));
  await boss.start();
  try {
    for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
      await boss.createQueue(name, { name, ...options });
      // An existing queue takes the declared options too (creating it changed nothing): its policy,
      // retries and expiry count for the jobs sent from now on (docs/adr/0243).
      await boss.updateQueue(name, { name, ...options });
    }
    await boss.createQueue(PGBOSS_SCHEDULE_QUEUE);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  if (failures.length) throw failures[0];
}
