import { expect, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { parseHealthInsurancesCsv } from "../features/payroll/employees/reference-csv";
import { sampleEmployee, toCsv } from "../features/payroll/imports/sample-rows";
import { authorizeAtService, collectConsoleErrors, control, fixtureUser, SANDBOX_URL, LANDING_URL } from "./helpers";
import { test } from "./fixtures";

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const DEMIR_KEY = "pk_sandbox_jodh4vddfg02n37n9msw4sqo";

interface PayrollStats {
  payroll: number;
}

async function activeInsurer(): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/payroll/v1/healthinsurances.csv`, {
    headers: { authorization: `Bearer ${SABINE_KEY}`, accept: "text/csv" },
  });
  const insurer = parseHealthInsurancesCsv(await response.text()).find(
    (candidate) => !candidate.availableFrom && !candidate.availableTo,
  );
  if (!insurer) throw new Error("no active insurer in the sandbox list");
  return insurer.number;
}

async function signIn(page: Page, emailPrefix: string, country: string) {
  const person = await fixtureUser(emailPrefix);
  await page.goto("/");
  await page
    .getByRole("button", { name: /Sign in/ })
    .first()
    .click();
  await authorizeAtService(page, person, { country });
  await expect(page).toHaveURL(LANDING_URL);
}

/** Disconnect asks first: the dialog's own Disconnect confirms. */
async function confirmDisconnect(page: Page) {
  await page.getByRole("button", { name: "Disconnect" }).click();
  await page
    .getByRole("dialog", { name: "Disconnect from the payroll service?" })
    .getByRole("button", { name: "Disconnect" })
    .click();
}

async function connectPayroll(page: Page, key: string, username: string) {
  await page.goto("/payroll");
  // A retry finds the connection of the failed attempt in the app's database: start afresh.
  const apiKey = page.getByLabel("API key");
  const disconnect = page.getByRole("button", { name: "Disconnect" });
  await expect(apiKey.or(disconnect)).toBeVisible();
  if (await disconnect.isVisible()) await confirmDisconnect(page);
  await apiKey.fill("pk_sandbox_wrong");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("The payroll service did not accept this key.")).toBeVisible();
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(`Connected as ${username}`)).toBeVisible();
}

test("connect, onboard one employee through the form, import 200 rows and find exactly the expected employees", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page, APP_URL);
  const notFound: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  const insurer = await activeInsurer();
  await signIn(page, "claudia", "Germany");
  await connectPayroll(page, SABINE_KEY, "Sabine Krüger");

  // Companies with their payroll month; the first one warns about an ended insurer.
  await expect(page.getByRole("link", { name: "Krüger Catering GmbH & Co. KG" })).toBeVisible();
  await page.getByRole("link", { name: "Bäckerei Krüger GmbH" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bäckerei Krüger GmbH");
  await expect(page.getByRole("region", { name: "Health insurances to check before the next pay run" })).toContainText(
    "BARMER GEK",
  );

  // Onboarding: the next free id is proposed; a draft survives a reload; a wrong postal code is caught and corrected.
  await page.getByRole("link", { name: "Onboard an employee" }).click();
  await expect(page.getByLabel("Employee ID")).toHaveValue("8");
  await page.getByLabel("First name").fill("Greta");
  await page.getByLabel("Last name").fill("Sommer");
  await page.getByLabel("Female", { exact: true }).check();
  await page.getByLabel("Street and number").fill("Rosenweg 3");
  await page.getByLabel("Postal code").fill("5067");
  await page.getByLabel("City").fill("Köln");
  await expect(page.getByText("Draft saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Greta");
  await expect(page.getByLabel("Postal code")).toHaveValue("5067");
  await page.getByLabel("Health insurance").fill(insurer);
  await page.getByLabel("Pension insurance number").fill("65170839J003");
  await page.getByRole("button", { name: "Create employee" }).click();
  await expect(page.getByText("Enter a German postal code of 5 digits.")).toBeVisible();
  await expect(page.getByLabel("Postal code")).toBeFocused();
  await page.getByLabel("Postal code").fill("50674");
  await page.getByRole("button", { name: "Create employee" }).click();
  await expect(page.getByText("Greta Sommer was created as employee 8.")).toBeVisible();
  await expect(page.getByLabel("Employee ID")).toHaveValue("9");

  await page.getByRole("link", { name: "Employees" }).click();
  const table = page.getByRole("table", { name: "Employees" });
  await expect(table.getByRole("row").filter({ hasText: "Sommer, Greta" })).toContainText("50674 Köln");
  await page.getByLabel("Search employees").fill("somm");
  await expect(table.getByRole("row")).toHaveCount(2);

  // Bulk import into company 1002 (employees 101–112): 200 rows, 5 invalid, 3 ids in use.
  const rows = Array.from({ length: 200 }, (_, index) => sampleEmployee(index, 201 + index, insurer));
  rows[10]!.postal_code = "1234";
  rows[20]!.last_name = "";
  rows[30]!.insurance_number = "65170839J004";
  rows[40]!.birth_date = "2025-02-30";
  rows[50]!.health_insurance = "99999999";
  rows[60]!.id = "101";
  rows[70]!.id = "102";
  rows[80]!.id = "112";
  await page.goto("/payroll");
  await page.getByRole("link", { name: "Krüger Catering GmbH & Co. KG" }).click();
  await page.getByRole("link", { name: "Import employees" }).click();
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "employees.csv", mimeType: "text/csv", buffer: Buffer.from(toCsv(rows)) });
  await page.getByRole("button", { name: "Read rows" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText(
    "200 rows: 192 ready, 3 with an ID already in use, 5 with problems.",
  );
  const problems = page.getByRole("region", { name: "Rows with problems (not sent)" });
  await expect(problems.getByRole("row")).toHaveCount(6);
  await expect(problems).toContainText("Postal code: Enter a German postal code of 5 digits.");
  await expect(problems).toContainText("Pension insurance number: Not a valid pension insurance number");
  await expect(problems).toContainText("Health insurance: This insurer is not on the list.");
  await expect(page.getByRole("region", { name: "IDs already in use (not sent)" })).toContainText("101");

  await page.getByRole("button", { name: "Create 192 employees" }).click();
  await expect(page.getByTestId("import-status")).toHaveText("Finished.", { timeout: 90_000 });
  await expect(page.getByTestId("import-counts")).toHaveText(
    "192 created, 3 IDs in use, 0 refused, 0 failed, 5 not sent",
  );
  const report = page.getByRole("table", { name: "Report" });
  await expect(report.locator("tbody tr")).toHaveCount(200);
  await expect(report.locator('tr[data-state="in_use"]')).toHaveCount(3);
  await expect(report.locator('tr[data-state="skipped"]')).toHaveCount(5);

  // The sandbox holds exactly the expected employees.
  const stored = await control<{ id: number }[]>("GET", "/payroll/companies/1002/employees");
  const expected = [
    ...Array.from({ length: 12 }, (_, index) => 101 + index),
    ...rows.filter((_, index) => ![10, 20, 30, 40, 50, 60, 70, 80].includes(index)).map((row) => Number(row.id)),
  ];
  expect(stored.map((employee) => employee.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  const bakery = await control<{ id: number; first_name: string }[]>("GET", "/payroll/companies/1001/employees");
  expect(bakery.map((employee) => employee.id)).toEqual([1, 2, 3, 4, 7, 8]);
  // The one refused key answers 422; nothing else may fail.
  expect(notFound).toEqual([]);
  expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
});

test("another customer's company id is refused before it reaches the service", async ({ page }) => {
  await signIn(page, "ben", "United States");
  await connectPayroll(page, DEMIR_KEY, "Dr. Aylin Demir");
  await expect(page.getByRole("link", { name: "Zahnarztpraxis Dr. Aylin Demir" })).toBeVisible();

  const before = await control<PayrollStats>("GET", "/stats");
  const list = await page.request.get("/api/payroll/companies/1001/employees");
  expect(list.status()).toBe(404);
  expect((await list.json()).error.code).toBe("unknown_company");
  const create = await page.request.post("/api/payroll/companies/2001/employees", { data: { id: "5" } });
  expect(create.status()).toBe(404);
  const imports = await page.request.post("/api/payroll/companies/2001/imports", { data: { rows: [] } });
  expect(imports.status()).toBe(404);
  await page.goto("/payroll/companies/1002/onboard");
  await expect(page.getByText("This company is not one of your payroll companies.")).toBeVisible();
  const after = await control<PayrollStats>("GET", "/stats");
  expect(after.payroll).toBe(before.payroll);

  // Disconnect deletes the key: the connect form is back.
  await page.goto("/payroll");
  await confirmDisconnect(page);
  await expect(page.getByLabel("API key")).toBeVisible();
});

test("a request that gets no answer says so and leaves the button usable (connect and disconnect)", async ({
  page,
}) => {
  await signIn(page, "ben", "United States");
  await page.goto("/payroll");
  const disconnectFirst = page.getByRole("button", { name: "Disconnect" });
  const apiKey = page.getByLabel("API key");
  await expect(apiKey.or(disconnectFirst)).toBeVisible();
  if (await disconnectFirst.isVisible()) await confirmDisconnect(page);

  // The network drops the connect request once: a message, and Connect can be pressed again.
  await page.route("**/api/payroll/connection", (route) => route.abort("internetdisconnected"), { times: 1 });
  await apiKey.fill(DEMIR_KEY);
  const connect = page.getByRole("button", { name: "Connect" });
  await connect.click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "The server could not be reached. Check your connection and try again." }),
  ).toBeVisible();
  await expect(connect).toBeEnabled();
  await expect(connect).not.toHaveAttribute("aria-busy", "true");
  await connect.click();
  await expect(page.getByText("Connected as Dr. Aylin Demir")).toBeVisible();

  // The same for Disconnect: nothing was deleted, the button works again, and a second press disconnects.
  // Disconnect names the connection: `/api/payroll/connection?id=…`.
  await page.route("**/api/payroll/connection?*", (route) => route.abort("internetdisconnected"), { times: 1 });
  await page.getByRole("button", { name: "Disconnect" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect from the payroll service?" });
  const disconnect = dialog.getByRole("button", { name: "Disconnect" });
  await disconnect.click();
  await expect(
    dialog
      .getByRole("alert")
      .filter({ hasText: "The server could not be reached. Check your connection and try again." }),
  ).toBeVisible();
  await expect(disconnect).toBeEnabled();
  await expect(page.getByText("Connected as Dr. Aylin Demir")).toBeVisible();
  await disconnect.click();
  await expect(page.getByLabel("API key")).toBeVisible();
});

test("with the payroll service hanging, the pages show their heading at once and say it is not answering within 15 s", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "claudia", "Germany");
  await connectPayroll(page, SABINE_KEY, "Sabine Krüger");
  const company = page.getByRole("link", { name: "Krüger Catering GmbH & Co. KG" });
  await expect(company).toBeVisible();
  const companyPath = new URL((await company.getAttribute("href"))!, APP_URL).pathname;

  // Every payroll call now hangs for a minute (far longer than the 15 s timeout of a single call).
  const faults = await control<{ error?: string }>("POST", "/faults", {
    rules: [{ path: "/payroll/**", kind: "latency", latency_ms: 60_000 }],
  });
  expect(faults?.error).toBeUndefined();
  const notAnswering = "The payroll service is not answering. Try again in a moment.";
  // The four pages side by side, each in a tab of its own (one after another, they took a minute).
  const pages = [
    ["/payroll", "Payroll"],
    [companyPath, "Krüger Catering GmbH & Co. KG"],
    [`${companyPath}/hours`, "Hours"],
    [`${companyPath}/import`, "Import employees"],
  ] as const;
  await Promise.all(
    pages.map(async ([path, heading]) => {
      const tab = await page.context().newPage();
      const started = Date.now();
      await tab.goto(path, { waitUntil: "commit" });
      await expect(tab.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 5_000 });
      expect(Date.now() - started, `${path}: heading`).toBeLessThan(5_000);
      await expect(tab.getByText(notAnswering).first()).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - started, `${path}: notice`).toBeLessThan(15_000);
      await tab.close();
    }),
  );
  await control("POST", "/faults", {});
});
