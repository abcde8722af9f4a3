import http from "node:http";
import { expect } from "@playwright/test";
import pg from "pg";
import { ownAppEnv } from "./app-env";
import { appPorts, migratedDatabase, startDeployment } from "./app-processes";
import { test } from "./fixtures";
import { authorizeAtService, fixtureUser } from "./helpers";

// A web process of a deployment (`npm run serve`) stopped by its process manager (SIGTERM, to its
// pid alone): it takes no new connection, lets the request under way answer, ends each open
// event stream with a reconnect delay (`retry:`, so the browser comes back to another process),
// closes its database connections and exits 143 within the 5 s a process manager gives
// (server.ts, docs/adr/0257-graceful-stop-of-the-web-process.md). The worker's stop:
// worker.test.ts.

/** The backends of the app's processes on `database`: its pool, pg-boss's, its listening connections. */
const APP_BACKENDS = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1
  AND (application_name IN ('ledgerlane-app', 'ledgerlane-jobs') OR application_name LIKE 'ledgerlane listen %')`;

/** A GET of the event stream whose text so far is `text()`; `open` once its first event came, `ended` when the server ends it. */
function openStream(url: string, cookie: string) {
  let text = "";
  let opened!: () => void;
  let failed!: (error: Error) => void;
  const open = new Promise<void>((resolve, reject) => ((opened = resolve), (failed = reject)));
  const ended = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      failed(error);
      reject(error);
    };
    http
      .get(`${url}/api/notifications/stream`, { headers: { cookie, accept: "text/event-stream" } }, (response) => {
        if (response.statusCode !== 200) return fail(new Error(`the stream answered ${response.statusCode}`));
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          if (text.includes("event: unread")) opened();
        });
        response.on("end", resolve);
        response.on("error", fail);
      })
      .on("error", fail);
  });
  return { open, ended, text: () => text };
}

test("a web process under npm run serve stops on SIGTERM: streams told to reconnect, the request under way answered, no new connection, no database connection left, exit 143 within 5 s", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [port] = appPorts(20, 1) as [number];
  const url = `http://localhost:${port}`;
  const database = await migratedDatabase();
  const web = startDeployment([port], [], {
    ...(await ownAppEnv("Ledgerlane (a graceful stop)", [url], database.url)),
    // Set by the suite for its own app: a deployment has none of it.
    TEST_CONTROLS: "",
    JOBS_ENABLED: "",
  });
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL ?? process.env.E2E_DATABASE_URL });
  await admin.connect();
  const databaseName = new URL(database.url).pathname.slice(1);
  const appBackends = async () => (await admin.query<{ n: number }>(APP_BACKENDS, [databaseName])).rows[0]!.n;
  try {
    await web.ready();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/sign-in`);
    await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
    await authorizeAtService(page, await fixtureUser("alice"), { country: "United Kingdom" });
    await page.waitForURL((address) => address.origin === url && !/^\/(sign-in|api\/auth)/.test(address.pathname));
    const cookie = (await context.cookies(url)).map(({ name, value }) => `${name}=${value}`).join("; ");
    const stream = openStream(url, cookie);
    await stream.open;
    expect(stream.text()).toMatch(/^retry: 2000\n\n/);

    // A request under way as the signal comes: its headers sent, half its body still to come.
    const preferences = await (await fetch(`${url}/api/notifications/preferences`, { headers: { cookie } })).json();
    const body = Buffer.from(JSON.stringify((preferences as { data: unknown }).data));
    let answer!: (value: { status: number; text: string }) => void;
    const answered = new Promise<{ status: number; text: string }>((resolve) => (answer = resolve));
    const underWay = http.request(`${url}/api/notifications/preferences`, {
      method: "PUT",
      // The server's "100 Continue" says it has read the headers: the request is under way.
      headers: {
        cookie,
        origin: url,
        "content-type": "application/json",
        "content-length": body.length,
        expect: "100-continue",
      },
    });
    underWay.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => answer({ status: response.statusCode!, text }));
    });
    await new Promise<void>((resolve) => underWay.once("continue", resolve).flushHeaders());
    underWay.write(body.subarray(0, 5));
    expect(await appBackends()).toBeGreaterThan(0);

    const exited = web.terminate(0);
    // The stream gets a reconnect delay of 0.5–3 s and ends (the stop has begun).
    await stream.ended;
    const hint = /\n\nretry: (\d+)\n\n$/.exec(stream.text());
    expect(hint, stream.text()).not.toBeNull();
    const delay = Number(hint![1]);
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(3_000);
    // No new connection is taken.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    // The request under way gets the rest of its body, and its answer.
    underWay.end(body.subarray(5));
    const { status, text } = await answered;
    expect(status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ ok: true });

    const { code, ms } = await exited;
    expect(code, web.logs.join("").slice(-3000)).toBe(143);
    expect(ms).toBeLessThan(5_000);
    expect(web.logs.join("")).toContain("the app server stopped: requests answered, streams ended, database closed");
    // Its connections closed by the app (a backend ends a moment after its client said goodbye).
    await expect.poll(appBackends, { timeout: 2_000 }).toBe(0);
  } finally {
    await web.stop();
    await admin.end();
    await database.drop();
  }
});
