import { Agent, request } from "node:http";
import type { DiscoveryDocument } from "./discovery";
import { startSandbox } from "./server";
import { DEV_CLIENT, fixtureUsers, userByEmail, v31Tokens, type TestSandbox } from "./test-support";

/**
 * `tsx sandbox/bench.ts`: prints
 *   sandbox_token_rps: <n> req/s               (refresh-token renewals, many concurrent rotation chains)
 *   sandbox_trial_balance_5000_rps: <n> req/s  (a year's trial balance of the 5,000-account business)
 */
const DURATION_MS = 5000;
const TOKEN_CHAINS = 64;
const TRIAL_BALANCE_CONCURRENCY = 8;

const agent = new Agent({ keepAlive: true, maxSockets: 128 });

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; discardBody?: boolean },
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (!options.discardBody) chunks.push(chunk);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

async function runFor(concurrency: number, step: (worker: number) => Promise<void>): Promise<number> {
  let done = 0;
  const deadline = Date.now() + DURATION_MS;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (Date.now() < deadline) {
        await step(worker);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const urls = JSON.parse((await send(`${sandbox.url}/.well-known/sandbox.json`, {})).body) as DiscoveryDocument;
  const t: TestSandbox = {
    sandbox,
    urls,
    async control<T>(method: string, path: string, body?: unknown) {
      const response = await send(`${urls.control_url}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      return { status: response.status, body: JSON.parse(response.body) as T };
    },
    close: () => sandbox.close(),
  };
  const users = await fixtureUsers(t);

  const alice = userByEmail(users, "alice");
  const chains = await Promise.all(
    Array.from({ length: TOKEN_CHAINS }, () => v31Tokens(t, alice).then((tokens) => tokens.refresh_token)),
  );
  const tokenRps = await runFor(TOKEN_CHAINS, async (worker) => {
    const response = await send(urls.accounting.token_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: chains[worker] ?? "",
        client_id: DEV_CLIENT.client_id,
        client_secret: DEV_CLIENT.client_secret,
      }).toString(),
    });
    if (response.status !== 200) throw new Error(`renewal failed: ${response.status} ${response.body}`);
    chains[worker] = (JSON.parse(response.body) as { refresh_token: string }).refresh_token;
  });
  console.log(`sandbox_token_rps: ${Math.round(tokenRps)} req/s`);

  const ben = userByEmail(users, "ben");
  const { access_token } = await v31Tokens(t, ben);
  const tbUrl = `${urls.accounting.base_url}/trial_balance?from_date=2025-11-01&to_date=2026-10-31`;
  const tbRps = await runFor(TRIAL_BALANCE_CONCURRENCY, async () => {
    const response = await send(tbUrl, { headers: { authorization: `Bearer ${access_token}` }, discardBody: true });
    if (response.status !== 200) throw new Error(`trial balance failed: ${response.status}`);
  });
  console.log(`sandbox_trial_balance_5000_rps: ${Math.round(tbRps)} req/s`);

  agent.destroy();
  await sandbox.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
