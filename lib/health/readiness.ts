import "server-only";
import { databaseCheck, migrationsCheck, type CheckOutcome, type Queryable } from "./checks";

/**
 * Whether this process can serve (`GET /api/ready`): the database answers, the migrations are
 * current, and where the process runs jobs, its pg-boss and schedules work and the features'
 * backlogs are under their thresholds. Each check answers "ok" or its reason; the database is
 * asked first, and while it does not answer the others are not asked (they would only wait for
 * it too). docs/adr/0251-health-and-readiness.md.
 */

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckOutcome>;
}

/** A check of a feature's jobs (a backlog): "ok" or the reason (features/<f>/feature.ts `jobs.readiness`). */
export type ReadinessCheck = () => Promise<CheckOutcome>;

export interface ReadinessOptions {
  db: Queryable;
  /** The migrations this code was built with (./checks.ts `migrationNames`). */
  migrations: () => Promise<readonly string[]>;
  /**
   * Where the process runs jobs: pg-boss's and its schedules' check (./jobs-check.ts) and the
   * features' checks of their jobs (backlogs), by name. Absent: no job checks.
   */
  jobs?: Readonly<Record<string, ReadinessCheck>>;
  /** How long each check may take (default 2 s): a probe's answer must come fast, whatever hangs. */
  timeoutMs?: number;
}

const CHECK_TIMEOUT_MS = 2_000;

async function outcomeOf(check: ReadinessCheck, timeoutMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([check().catch((error: unknown) => `failed: ${(error as Error).message}`), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(options: ReadinessOptions): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const rest: Record<string, ReadinessCheck> = {
    migrations: async () => migrationsCheck(options.db, await options.migrations()),
    ...options.jobs,
  };
  const database = await outcomeOf(() => databaseCheck(options.db), timeoutMs);
  const outcomes =
    database === "ok"
      ? await Promise.all(Object.values(rest).map((check) => outcomeOf(check, timeoutMs)))
      : Object.keys(rest).map(() => "not checked: the database does not answer");
  const checks = Object.fromEntries([
    ["database", database],
    ...Object.keys(rest).map((name, index) => [name, outcomes[index]!] as const),
  ]) as Record<string, CheckOutcome>;
  return { ready: Object.values(checks).every((outcome) => outcome === "ok"), checks };
}

/**
 * `compute`'s answer shared by everyone who asks while it runs and for `ttlMs` after it came (on the
 * process's monotonic time, not the app's clock): a probe, or anyone (the route needs no sign-in),
 * cannot make the process ask the database more than once a second, however slow the answer.
 */
export function cachedFor<T>(ttlMs: number, compute: () => Promise<T>): () => Promise<T> {
  let last: { value: Promise<T>; settledAt?: number } | undefined;
  return () => {
    if (last && (last.settledAt === undefined || performance.now() - last.settledAt < ttlMs)) return last.value;
    const entry: { value: Promise<T>; settledAt?: number } = { value: compute() };
    last = entry;
    entry.value.then(
      () => {
        entry.settledAt = performance.now();
      },
      // A failure is not kept: the next caller asks again.
      () => {
        if (last === entry) last = undefined;
      },
    );
    return entry.value;
  };
}

/**
 * `compute`'s answer kept fresh in the background, every `periodMs`: a caller gets the latest answer at
 * once and never waits for the database (a probe's time is the thread's, not the query's), as long as
 * that answer is younger than three periods; before the first answer, or when the refreshes stall (a
 * database that hangs past its check's timeout), the caller waits for a fresh one. `stop` ends it.
 */
export function keptFresh<T>(periodMs: number, compute: () => Promise<T>): { get(): Promise<T>; stop(): void } {
  const shared = cachedFor(periodMs, compute);
  let latest: { value: T; at: number } | undefined;
  const refresh = () =>
    shared().then((value) => {
      latest = { value, at: performance.now() };
      return value;
    });
  const timer = setInterval(() => void refresh().catch(() => undefined), periodMs);
  timer.unref();
  return {
    get: () => (latest && performance.now() - latest.at < 3 * periodMs ? Promise.resolve(latest.value) : refresh()),
    stop: () => clearInterval(timer),
  };
}
