import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { ownAppEnv } from "./app-env";
import { appPorts, migratedDatabase, startDeployment } from "./app-processes";
import { SMTP_PORT } from "../playwright.config";
import { test } from "./fixtures";
import { authorizeAtService, fixtureUser } from "./helpers";
import { linkIn, mailTo, SIGN_IN_LINK } from "./mailbox";

// A deployment as docs/self-hosting.md runs it: two web processes (`npm run serve`: jobs off, pg-boss
// only sending) and two workers (`npm run worker`) on one database, on the build `npm start` made.
// An owner invites on the first web process; the invited person asks for a sign-in link on the
// second, which only queues the mail: a worker sends it. Every process answers its liveness probe
// (the workers on their operations ports only), and each stops within 5 s of SIGTERM.

test("two web processes and two workers on one database serve people and run their jobs, and stop on SIGTERM", async ({
  browser,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const ports = appPorts(10, 2);
  const metricsPorts = appPorts(12, 2);
  const [first, second] = ports.map((port) => `http://localhost:${port}`) as [string, string];
  const database = await migratedDatabase();
  const deployment = startDeployment(ports, metricsPorts, {
    ...(await ownAppEnv("Ledgerlane (a deployment)", [first, second], database.url)),
    // The links the worker's mails carry: the deployment's public address.
    NEXTAUTH_URL: first,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    // Set by the suite for its own app: a deployment has none of it.
    TEST_CONTROLS: "",
    JOBS_ENABLED: "",
  });
  try {
    await deployment.ready();
    for (const url of [first, second]) {
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
    }
    for (const port of metricsPorts) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // The owner invites Ida by her address, on the first web process.
    const owner = await (await browser.newContext()).newPage();
    await owner.goto(`${first}/sign-in`);
    await owner.getByRole("button", { name: "Sign in with your accounting account" }).click();
    await authorizeAtService(owner, await fixtureUser("alice"), { country: "United Kingdom" });
    // Alice owns her workspace, its first-run checklist not done: she lands on it, on the overview.
    await expect(owner).toHaveURL(/\/overview$/);
    await owner.goto(`${first}/settings/workspace`);
    const email = `ida-${randomUUID().slice(0, 8)}@example.com`;
    await owner.getByLabel("Invited person's e-mail (optional)").fill(email);
    await owner.getByRole("button", { name: "Create invitation" }).click();
    const invitation = new URL(await owner.getByLabel("Invitation link").inputValue());

    // Ida, on the second: her sign-in link is mailed by a worker (the web processes run no jobs).
    const ida = await (await browser.newContext()).newPage();
    await ida.goto(`${second}${invitation.pathname}`);
    await ida.getByRole("link", { name: "No accounting account? Sign in with a link by e-mail" }).click();
    const before = mailbox.mails.length;
    await ida.getByLabel("Email").fill(email);
    await ida.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(
      ida.getByRole("status").filter({ hasText: "If this address may sign in here, a link is on its way." }),
    ).toBeVisible();
    const link = new URL(linkIn(await mailTo(mailbox, before, email), SIGN_IN_LINK, email));
    await ida.goto(`${second}${link.pathname}${link.hash}`);
    await ida.getByRole("button", { name: "Complete sign-in" }).click();
    await expect(ida).toHaveURL(/\/invitations\//);
    await ida.getByRole("button", { name: "Join" }).click();
    await expect(ida).toHaveURL(/\/overview$/);
  } finally {
    const endedInTime = await deployment.stop();
    await database.drop();
    expect(endedInTime, deployment.logs.join("").slice(-3000)).toEqual([true, true, true, true]);
  }
});
