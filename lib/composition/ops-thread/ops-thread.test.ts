import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { OpsServer } from "@/lib/server/ops-server";
import { startOpsThread, type OpsThreadOptions } from "./start";

// The web process's operations thread, started as server.ts starts it (here from the TypeScript
// source under tsx), answering while the main thread's event loop is held.

const run = promisify(execFile);
let ops: OpsServer | undefined;
afterEach(async () => {
  await ops?.close();
  ops = undefined;
});

function start(options: Partial<OpsThreadOptions> = {}): Promise<OpsServer> {
  return startOpsThread({ port: 0, host: "127.0.0.1", databaseUrl: inject("databaseUrl"), ...options });
}

/** The main thread's event loop held, as a 9,000-line render holds it. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe("the operations thread", () => {
  it("answers liveness and readiness from the thread, and what it forwards from the main thread", async () => {
    ops = await start({ forwarded: { "/metrics": () => new Response("ledgerlane_up 1\n", { status: 200 }) } });
    const health = await fetch(`${ops.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true, data: { status: "ok" } });
    const ready = await fetch(`${ops.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      data: { checks: { database: "ok", migrations: "ok", event_loop: "ok" } },
    });
    const metrics = await fetch(`${ops.url}/metrics`);
    expect(await metrics.text()).toBe("ledgerlane_up 1\n");
    expect((await fetch(`${ops.url}/api/users`)).status).toBe(404);
  });

  it("answers a probe at once while the main thread's event loop is held", async () => {
    ops = await start();
    expect((await fetch(`${ops.url}/api/ready`)).status).toBe(200);
    // curl runs in a process of its own and times the answer itself; the main thread is held for
    // 3 s meanwhile: an answer within half of it came while held (a busy machine's margin).
    const probe = run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", `${ops.url}/api/ready`]);
    holdEventLoop(3_000);
    const [status, seconds] = (await probe).stdout.split(" ");
    expect(status).toBe("200");
    expect(Number(seconds)).toBeLessThan(1.5);
  });

  it("is not ready, then not alive, while the main thread's event loop does not turn", async () => {
    ops = await start({ readyStallMs: 300, liveStallMs: 1_200 });
    expect((await fetch(`${ops.url}/api/ready`)).status).toBe(200);
    // A process of its own probes twice while this thread is held for 3 s: readiness after 0.6 s,
    // liveness after 1.8 s (the waits are the other process's, timed within the hold).
    const url = ops.url;
    const probes = run("sh", [
      "-c",
      `sleep 0.6; curl -s "${url}/api/ready"; echo; sleep 1.2; curl -s -w "\n%{http_code}" "${url}/api/health"`,
    ]);
    holdEventLoop(3_000);
    const [ready, health, healthStatus] = (await probes).stdout.trim().split("\n");
    expect(JSON.parse(ready!)).toMatchObject({
      ok: false,
      error: {
        code: "unavailable",
        checks: { database: "ok", event_loop: expect.stringMatching(/^the event loop has not turned for \d/) },
      },
    });
    expect(healthStatus).toBe("503");
    expect(JSON.parse(health!).error.message).toMatch(/^Not alive: the event loop has not turned for/);
    // Once it turns again, both answer 200.
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
