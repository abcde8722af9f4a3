import { expect } from "@playwright/test";
import { ownAppEnv } from "./app-env";
import { appPorts, migratedDatabase, startApps } from "./app-processes";
import { test } from "./fixtures";
import { authorizeAtService, fixtureUser, issuedTokens, LANDING_URL, SABINE_KEY } from "./helpers";
import { startOtlpReceiver, type ReceivedSpan } from "./otlp-receiver";

// Traces (docs/tracing.md): an app process of the spec's own exports its spans with OTLP/HTTP
// (JSON) to a receiver the spec starts. One sign-in, one payroll connection, one save of the hours
// grid and one overview refresh (it queues a job the process runs) give: a server span per request
// with its route and status, upstream spans with service, route template and status, Prisma's
// query spans, and the job's span linked to the request that queued it. No secret in any of them.

const COMPANY = 1001;
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

test("an app process exports its request, upstream, Prisma and job spans with OTLP, and no secret in them", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const receiver = await startOtlpReceiver();
  const [port] = appPorts(40, 1) as [number];
  const app = `http://localhost:${port}`;
  const database = await migratedDatabase();
  const processes = startApps([port], {
    ...(await ownAppEnv("Ledgerlane (tracing)", [app], database.url)),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    // The batch is sent every 200 ms rather than every 5 s (the SDK's own setting).
    OTEL_BSP_SCHEDULE_DELAY: "200",
    TEST_CONTROLS: "",
    JOBS_ENABLED: "true",
    LOG_FORMAT: "json",
    NODE_ENV: "production",
  });
  try {
    await processes.ready();
    const claudia = await fixtureUser("claudia");
    const page = await (await browser.newContext({ baseURL: app, locale: "en-GB" })).newPage();
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in with your accounting account" }).click();
    await authorizeAtService(page, claudia, { country: "Germany" });
    await expect(page).toHaveURL(LANDING_URL);
    await page.goto("/payroll");
    await page.getByLabel("API key").fill(SABINE_KEY);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    // The key is checked with the service (an upstream call): slow on a busy machine.
    await expect(page.getByText("Connected as Sabine Krüger")).toBeVisible({ timeout: 30_000 });

    // One save of the hours grid.
    await page.goto(`/payroll/companies/${COMPANY}/hours`);
    await expect(page.getByRole("grid", { name: "Hours of Bäckerei Krüger GmbH" })).toBeVisible();
    await page
      .locator(`[role="row"][data-employee="1"][data-line-number="1"] [role="gridcell"][data-col="type"]`)
      .click();
    await page.keyboard.type("Hourly wage");
    await page.keyboard.press("Tab");
    await page.keyboard.type("8");
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-draft-state="saved"]')).toBeVisible();

    // A request that queues a job: the overview's refresh of the payroll connection.
    const refresh = await page.request.post("/api/overview/refresh", { data: {}, headers: { origin: app } });
    expect(refresh.status()).toBe(202);

    // The app's server spans (Next's own request spans, their children, carry the route too).
    const isSave = (span: ReceivedSpan) =>
      span.kind === SERVER &&
      span.scope === "ledgerlane" &&
      /\/entries\/\[kind\]\/draft$/.test(String(span.attributes["http.route"]));
    const isRefresh = (span: ReceivedSpan) =>
      span.kind === SERVER && span.scope === "ledgerlane" && span.attributes["http.route"] === "/api/overview/refresh";
    const isRefreshJob = (span: ReceivedSpan) =>
      span.kind === CONSUMER && span.name.startsWith("job overview") && span.links.length > 0;
    await expect
      .poll(
        () => {
          const spans = receiver.spans();
          return [spans.some(isSave), spans.some(isRefresh), spans.some(isRefreshJob)];
        },
        { timeout: 60_000 },
      )
      .toEqual([true, true, true]);

    const spans = receiver.spans();
    const save = spans.find(isSave)!;
    expect(save.service).toBe("ledgerlane-web");
    expect(save.attributes["http.response.status_code"]).toBe(200);
    expect(save.name).toBe(`${save.attributes["http.request.method"]} ${save.attributes["http.route"]}`);
    // Next's own request span for the save is a child of the app's.
    expect(spans.some((span) => span.parentSpanId === save.spanId && span.scope === "next.js")).toBe(true);

    const upstream = spans.filter((span) => span.kind === CLIENT && span.attributes["ledgerlane.upstream.service"]);
    expect(new Set(upstream.map((span) => span.attributes["ledgerlane.upstream.service"]))).toEqual(
      new Set(["accounting", "payroll"]),
    );
    for (const span of upstream) {
      expect(typeof span.attributes["http.response.status_code"]).toBe("number");
      expect(span.attributes["url.template"]).toMatch(/^\//);
      expect(typeof span.attributes["ledgerlane.upstream.budget_wait_ms"]).toBe("number");
      expect(span.attributes["ledgerlane.upstream.attempt"]).toBeGreaterThanOrEqual(1);
    }
    // The save's own queries, as Prisma's spans in the save's trace.
    expect(spans.some((span) => span.scope === "prisma" && span.traceId === save.traceId)).toBe(true);

    const refreshSpan = spans.find(isRefresh)!;
    const job = spans.find(isRefreshJob)!;
    expect(job.links.some((link) => link.traceId === refreshSpan.traceId)).toBe(true);
    expect(job.traceId).not.toBe(refreshSpan.traceId);

    // No secret in any span: not the person's address or password, the payroll key, the session
    // cookie, or any token or code the sandbox issued.
    const exported = receiver.bodies.join("\n");
    const cookies = await page.context().cookies();
    const secrets = [
      claudia.email,
      claudia.password,
      SABINE_KEY,
      ...cookies.map((cookie) => cookie.value).filter((value) => value.length >= 16),
      ...(await issuedTokens()).map((token) => token.value),
    ];
    for (const secret of secrets) expect(exported.includes(secret), `a span holds ${secret.slice(0, 4)}…`).toBe(false);
    expect(exported).not.toMatch(/[?&](code|state|token)=/);
  } finally {
    await processes.stop();
    await receiver.close();
    await database.drop();
  }
});
