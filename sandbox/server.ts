import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAccountingService } from "./accounting";
import { DEFAULT_SEED_CLIENTS, type SeedClient } from "./accounting/clients";
import { SandboxClock } from "./clock";
import { createControlHandler } from "./control";
import { json } from "./core/http";
import type { Mount } from "./core/mount";
import { CONTROL_PREFIX, DISCOVERY_PATH, discoveryDocument } from "./discovery";
import { FAVICON_PATH, FAVICON_SVG } from "./favicon";
import { credentialOf } from "./credentials";
import { FaultInjector } from "./faults";
import { RequestLimiter } from "./limits";
import { createPayrollModule } from "./payroll";
import { payrollMount } from "./payroll-mount";
import { SandboxStats } from "./stats";
import type { SandboxRequest, SandboxResponse } from "./types";

export { DEFAULT_SEED_CLIENTS, type SeedClient };

export interface SandboxOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Replace the default developer clients. */
  seedClients?: SeedClient[];
  /** Delay before a posted journal reaches the trial balance, on the sandbox clock. Default 2000. */
  aggregationDelayMs?: number;
  /** Real time for the per-minute request limits and counts (tests pin it). Default Date.now. */
  wallClockMs?: () => number;
}

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks);
}

function send(res: ServerResponse, response: SandboxResponse): void {
  const body =
    response.body === undefined
      ? undefined
      : Buffer.isBuffer(response.body)
        ? response.body
        : Buffer.from(response.body);
  res.writeHead(response.status, { ...response.headers, "content-length": String(body?.length ?? 0) });
  res.end(body);
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the sandbox: both emulated services, discovery and the control API on one HTTP server. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? "127.0.0.1";
  const clock = new SandboxClock();
  const stats = new SandboxStats();
  const faults = new FaultInjector();
  const limiter = new RequestLimiter(opts.wallClockMs);
  const service = createAccountingService({
    clock,
    stats,
    seedClients: opts.seedClients ?? DEFAULT_SEED_CLIENTS,
    aggregationDelayMs: opts.aggregationDelayMs ?? 2000,
  });
  const payroll = createPayrollModule({ now: () => clock.now() });
  const mounts: Mount[] = [service.accounting, service.legacy, payrollMount(payroll, stats)];
  // Requests of the `commit_late` fault, carried out once the sandbox clock reaches their time.
  let lateCommits: { atMs: number; run: () => Promise<unknown> }[] = [];
  async function runDueLateCommits(): Promise<void> {
    const due = lateCommits.filter((commit) => commit.atMs <= clock.nowMs());
    if (due.length === 0) return;
    lateCommits = lateCommits.filter((commit) => !due.includes(commit));
    for (const commit of due.sort((a, b) => a.atMs - b.atMs)) await commit.run();
  }
  const control = createControlHandler({
    accounting: service.state,
    payroll,
    clock,
    stats,
    faults,
    limiter,
    reset() {
      lateCommits = [];
      clock.reset();
      service.state.reset();
      payroll.reset();
      faults.clear();
      stats.reset();
      limiter.reset();
    },
  });
  let discovery = "";

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const body = await readBody(req);
    // Late commits whose time has come land before anything else is answered (control reads included).
    await runDueLateCommits();
    const request = (prefix: string): SandboxRequest => ({
      method,
      path: path.slice(prefix.length) || "/",
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    // The authorization pages link this icon; without it every browser logs a 404 on them.
    if (path === FAVICON_PATH || path === "/favicon.ico") {
      send(res, {
        status: 200,
        headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
        body: Buffer.from(FAVICON_SVG),
      });
      return;
    }
    if (path === DISCOVERY_PATH) {
      send(res, { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: discovery });
      return;
    }
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      send(res, await control(request(CONTROL_PREFIX)));
      return;
    }
    const mount = mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`));
    if (!mount) {
      send(res, json(404, { error: `nothing at ${path}; see ${DISCOVERY_PATH}` }));
      return;
    }
    stats.requests++;
    const sandboxRequest = request(mount.prefix);
    const credential = credentialOf(mount.prefix, sandboxRequest, service.state);
    const retryAfter = credential ? limiter.admit(credential) : undefined;
    if (retryAfter !== undefined) {
      send(res, mount.faultResponse(sandboxRequest, { kind: "rate_limit", retryAfter }));
      return;
    }
    const plan = faults.plan(method, path, url.searchParams);
    stats.faults_injected += plan.fired;
    if (plan.latencyMs > 0) await sleep(plan.latencyMs);
    if (plan.answer) {
      send(res, mount.faultResponse(sandboxRequest, plan.answer));
      return;
    }
    if (plan.commitLateSeconds !== undefined) {
      // The client gets no answer (as when its timeout fires); the request lands later, answered to nobody.
      lateCommits.push({
        atMs: clock.nowMs() + plan.commitLateSeconds * 1000,
        run: async () => mount.handle(sandboxRequest),
      });
      req.socket.destroy();
      return;
    }
    const response = await mount.handle(sandboxRequest);
    if (plan.dropAfterCommit) {
      // The change is stored; the client never learns it.
      req.socket.destroy();
      return;
    }
    send(res, response);
  }

  const server = createServer({ keepAlive: true }, (req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) return send(res, json(413, { error: "request body too large" }));
      console.error("sandbox: unhandled error", error);
      send(res, json(500, { error: "internal sandbox error" }));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  discovery = JSON.stringify(discoveryDocument(url), null, 2);

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
