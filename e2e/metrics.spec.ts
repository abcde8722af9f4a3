import { expect } from "@playwright/test";
import { ownAppEnv } from "./app-env";
import { appPorts, migratedDatabase, startDeployment } from "./app-processes";
import { test } from "./fixtures";

// Prometheus metrics as a deployment scrapes them (docs/metrics.md): a web process (`npm run serve`
// with METRICS_PORT) and a worker, each on its own operations port. After a few requests the web
// process's `/metrics` has their durations by route template (never the path's ids); the worker's
// has the queues and the firm's figures; the app's public port has no `/metrics`.

/** The lines of `text` for the metric `name` (its samples, not its HELP and TYPE). */
const samples = (text: string, name: string) => text.split("\n").filter((line) => line.startsWith(name));

test("the web process and the worker answer /metrics on their operations ports, never on the app's", async () => {
  test.setTimeout(180_000);
  const [port] = appPorts(20, 1) as [number];
  const [webMetricsPort, workerMetricsPort] = appPorts(22, 2) as [number, number];
  const app = `http://localhost:${port}`;
  const database = await migratedDatabase();
  const deployment = startDeployment(
    [port],
    [workerMetricsPort],
    {
      ...(await ownAppEnv("Ledgerlane (metrics)", [app], database.url)),
      NEXTAUTH_URL: app,
      TEST_CONTROLS: "",
      JOBS_ENABLED: "",
    },
    [webMetricsPort],
  );
  try {
    await deployment.ready();
    expect((await fetch(`${app}/metrics`)).status).toBe(404);
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${app}/api/month-close/${4711 + i}`)).status).toBe(401);
      expect((await fetch(`${app}/api/health`)).status).toBe(200);
    }
    // The page streams: its duration is counted when its body ends, so the body is read before /metrics.
    const signIn = await fetch(`${app}/sign-in`);
    await signIn.text();
    expect(signIn.status).toBe(200);

    const ops = `http://127.0.0.1:${webMetricsPort}`;
    expect((await fetch(`${ops}/api/health`)).status).toBe(200);
    expect((await fetch(`${ops}/api/ready`)).status).toBe(200);
    const web = await (await fetch(`${ops}/metrics`)).text();
    const durations = samples(web, "ledgerlane_http_request_duration_seconds_count");
    expect(durations).toContain(
      'ledgerlane_http_request_duration_seconds_count{route="/api/month-close/[companyId]",method="GET",status="401"} 3',
    );
    expect(durations).toContain(
      'ledgerlane_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"} 3',
    );
    expect(durations.some((line) => line.includes('route="/sign-in"'))).toBe(true);
    expect(web).not.toContain("4711");
    // The database's gauges are the worker's: N web processes do not each count them.
    expect(web).not.toContain("ledgerlane_job_queue_depth");
    expect(samples(web, "ledgerlane_db_pool_connections").length).toBeGreaterThan(0);

    const worker = await (await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).text();
    expect(samples(worker, 'ledgerlane_job_queue_depth{queue="mail-outbox"}')).toHaveLength(1);
    expect(samples(worker, "ledgerlane_payroll_months_past_cut_off ")).toHaveLength(1);
    expect(samples(worker, 'ledgerlane_payroll_months{state="open"}')).toHaveLength(1);
    expect(samples(worker, "ledgerlane_next_contribution_statement_days ")).toHaveLength(1);
  } finally {
    const endedInTime = await deployment.stop();
    await database.drop();
    expect(endedInTime, deployment.logs.join("").slice(-3000)).toEqual([true, true]);
  }
});
