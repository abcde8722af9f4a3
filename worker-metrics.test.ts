import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMailTestEnv } from "@/features/mail/server/testing/mail-env";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { seedReminderWorld } from "@/features/reminders/server/testing/reminder-world";
import { closeDb, createPrismaClient } from "@/lib/db/client";

// `npm run worker`'s `/metrics` scraped on its operations port (docs/metrics.md): pg-boss's queues
// and schedules, the backlogs, and the firm's months, read from the database of its own, where a
// firm has months long past their cut-off. The app's public port is not the worker's: it has none.

const ROOT = import.meta.dirname;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  database = await ownDatabase();
  useMailTestEnv(database.urls.appUrl, 9);
  db = createPrismaClient(database.urls.appUrl);
  // January 2020, long past its cut-off: 1001 not started (Open), 1002 Open, 1003 Handed in, 1004 In review.
  await seedReminderWorld(db, {
    clerks: 1,
    companies: 4,
    period: "2020-01",
    states: { 1002: "open", 1003: "handed_in", 1004: "in_review" },
  });
});
afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  await db.$disconnect();
  await closeDb();
  await database.drop();
});

function startWorker(): Promise<string> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", METRICS_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  worker = child;
  let output = "";
  return new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Worker ready \(operations port (\S+)\)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${output}`)));
  });
}

/** The value of the sample `series` (name and labels as Prometheus prints them) in `text`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the worker's metrics", () => {
  it("answers /metrics with its queues, schedules, backlogs and the firm's months", { timeout: 120_000 }, async () => {
    const address = await startWorker();
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();

    expect(sample(text, 'ledgerlane_job_queue_depth{queue="mail-outbox"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'ledgerlane_job_queue_oldest_age_seconds{queue="mail-outbox"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'ledgerlane_job_schedule_period_seconds{queue="mail-digest"}')).toBeGreaterThan(0);
    expect(sample(text, 'ledgerlane_backlog_due{backlog="mail_outbox"}')).toBe(0);
    expect(sample(text, 'ledgerlane_backlog_due{backlog="webhook_deliveries"}')).toBe(0);

    expect(sample(text, 'ledgerlane_payroll_months{state="open"}')).toBe(1);
    expect(sample(text, 'ledgerlane_payroll_months{state="handed_in"}')).toBe(1);
    expect(sample(text, 'ledgerlane_payroll_months{state="in_review"}')).toBe(1);
    expect(sample(text, 'ledgerlane_payroll_months{state="approved"}')).toBe(0);
    // 1001 (no row: Open), 1002 (Open) and 1003 (Handed in); 1004 is submitted.
    expect(sample(text, "ledgerlane_payroll_months_past_cut_off")).toBe(3);
    const days = sample(text, "ledgerlane_next_contribution_statement_days");
    expect(days).toBeGreaterThanOrEqual(0);
    expect(days).toBeLessThanOrEqual(31);

    expect(sample(text, "ledgerlane_ready")).toBe(1);
    expect(sample(text, 'ledgerlane_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, "ledgerlane_event_streams_open")).toBe(0);
    expect(text).toContain("ledgerlane_process_resident_memory_bytes");
    // A worker serves no requests: no request durations.
    expect(text).not.toContain("ledgerlane_http_request_duration_seconds");
  });
});
