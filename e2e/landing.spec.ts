import { expect, test, type Page } from "@playwright/test";
import { switchLanguage } from "./helpers";

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const FEATURES = {
  en: [
    "A workspace for your firm",
    "Hours and payments, edited together",
    "Month close with plausibility checks",
    "An audit trail of every change",
    "Trial balance and month-end pack",
  ],
  de: [
    "Ein Arbeitsbereich für Ihre Kanzlei",
    "Stunden und Zahlungen gemeinsam bearbeiten",
    "Monatsabschluss mit Plausibilitätsprüfungen",
    "Ein Änderungsprotokoll jeder Änderung",
    "Summen- und Saldenliste und Monatsabschlusspaket",
  ],
};

test("the landing page says what the app does, in English", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The workbench for payroll clerks and accountants");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // What it does today, and one call to action in the page: sign in.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 3 })).toHaveText(FEATURES.en);
  await expect(main.getByRole("link")).toHaveCount(1);
  await main.getByRole("link", { name: "Sign in to your workspace" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Trial balance", "Payroll", "Settings"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the language switch turns the page German and the choice sticks", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await switchLanguage(page, "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Die Werkbank für Lohnbuchhaltung und Buchhaltung");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(FEATURES.de);
  await expect(page.getByRole("main").getByRole("link", { name: /anmelden/ })).toHaveText(
    "In Ihrem Arbeitsbereich anmelden",
  );
  await page.reload();
  await expect(
    page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Lohn" }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("a German browser gets German without choosing", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Die Werkbank für Lohnbuchhaltung und Buchhaltung");
  expect(errors).toEqual([]);
  await context.close();
});

test("an unknown address shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("keyboard users reach the navigation and see where focus is", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe("solid");
});

test("health answers from the process alone, and ready reports the database, the migrations and the jobs", async ({
  request,
}) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true, data: { status: "ok" } });
  // Upstream health is the overview's connection health, not the probe's: neither answer names a service.
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    ok: true,
    data: {
      checks: { database: "ok", migrations: "ok", jobs: "ok", mail_outbox: "ok", webhook_deliveries: "ok" },
    },
  });
});

test("every answer carries a request id, and an error's envelope the same one", async ({ request }) => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  // A page, next-auth's own route, Next's 404 and an unknown method refused by proxy.ts.
  for (const answer of [
    await request.get("/"),
    await request.get("/api/auth/session"),
    await request.get("/no-such-page"),
    await request.fetch("/api/notifications", { method: "PROPFIND" }),
  ])
    expect(answer.headers()["x-request-id"], answer.url()).toMatch(uuid);
  // A route's refusal: the header's id in its envelope. An id the client chose is not taken (no trusted proxy here).
  const refused = await request.get("/api/notifications", { headers: { "x-request-id": "chosen-by-client" } });
  expect(refused.status()).toBe(401);
  const id = refused.headers()["x-request-id"];
  expect(id).toMatch(uuid);
  expect((await refused.json()).error).toMatchObject({ code: "not_signed_in", requestId: id });
});
