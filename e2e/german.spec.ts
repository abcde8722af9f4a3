import { expect, type Page } from "@playwright/test";
import { parseHealthInsurancesCsv } from "../features/payroll/employees/reference-csv";
import { pensionNumberCheckDigit } from "../features/payroll/employees/pension-number";
import {
  acknowledgeAllWarnings,
  collectConsoleErrors,
  control,
  deleteEntryDrafts,
  SABINE_KEY,
  SANDBOX_URL,
  signInAndConnectPayroll,
  withDatabase,
  switchLanguage,
} from "./helpers";
import { test } from "./fixtures";
import { runJob } from "./time-controls";

// Issue 15, "German, all the way": with the language switched to German, no screen shows an ISO
// date or month, months read "November 2026", and the import takes what German spreadsheets hold.

const ISO = /\b\d{4}-\d{2}(-\d{2})?\b/;
const GERMAN_MONTH = /(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/;
const COMPANY = 1002;

async function expectNoIsoDates(page: Page, where: string) {
  const text = await page.locator("body").innerText();
  expect(text.match(ISO)?.[0], `an ISO date or month on ${where}`).toBeUndefined();
}

/** A valid pension number whose serial differs per person. */
function pensionNumber(serial: number): string {
  const first11 = `65170839J${String(serial).padStart(2, "0")}`;
  return `${first11}${pensionNumberCheckDigit(first11)}`;
}

/** An insurer open all the time whose name no other insurer has (the import finds it by name). */
async function insurerWithUniqueName(): Promise<{ number: string; name: string }> {
  const response = await fetch(`${SANDBOX_URL}/payroll/v1/healthinsurances.csv`, {
    headers: { authorization: `Bearer ${SABINE_KEY}`, accept: "text/csv" },
  });
  const insurers = parseHealthInsurancesCsv(await response.text());
  const count = (name: string) =>
    insurers.filter((insurer) => insurer.name.toLowerCase() === name.toLowerCase()).length;
  const insurer = insurers.find(
    (candidate) => !candidate.availableFrom && !candidate.availableTo && count(candidate.name) === 1,
  );
  if (!insurer) throw new Error("no insurer with a unique name in the sandbox list");
  return insurer;
}

async function switchToGerman(page: Page) {
  await switchLanguage(page, "de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("banner").getByRole("link", { name: "Einstellungen" })).toBeAttached();
  // In German too, the language control is named "Language" (CONTRACT.md), in the header.
  await expect(page.getByRole("banner").getByRole("combobox", { name: "Language", exact: true })).toHaveValue("de");
}

/** This spec's transfer of company 1001 is removed again (with the drafts and month close it made): the grid spec expects none. */
let transferred = false;

test.afterEach(async () => {
  if (!transferred) return;
  transferred = false;
  await withDatabase((client) => client.query("DELETE FROM payroll_entry_transfers WHERE company_id = 1001"));
  await deleteEntryDrafts(1001);
});

test("in German, the payroll, user and businesses pages show months as 'November 2026' and no ISO date", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const notFound: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await signInAndConnectPayroll(page);
  await switchToGerman(page);

  // The company list: the payroll month as words.
  await page.goto("/payroll");
  await expect(page.getByRole("link", { name: "Bäckerei Krüger GmbH" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(GERMAN_MONTH);
  await expectNoIsoDates(page, "the company list");

  // The company page (it said "Payroll month 2026-11"), its insurer warnings and employee table.
  await page.getByRole("link", { name: "Bäckerei Krüger GmbH" }).click();
  await expect(page.getByText(/^Aktueller Abrechnungsmonat: /)).toContainText(GERMAN_MONTH);
  await expect(page.getByRole("table", { name: "Beschäftigte" })).toBeVisible();
  await expectNoIsoDates(page, "the company page");

  // The hours page and its history, with one transfer in it.
  const { current_month: month } = await control<{ current_month: string }>("GET", "/payroll/companies/1001");
  await page.goto("/payroll/companies/1001/hours");
  await expect(page.getByText(/^Abrechnungsmonat /)).toContainText(GERMAN_MONTH);
  // Sent the only way there is: the month close (submit, approve, transfer; four eyes is off for one member).
  await deleteEntryDrafts(1001);
  transferred = true;
  const send = (step: { url: string; method: string; body: unknown }) =>
    page.evaluate(
      async ({ url, method, body }) =>
        (await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }))
          .status,
      step,
    );
  const line = {
    id: "german-1",
    employee_id: 1,
    values: { type: "HOURLY_WAGE", total_hours: "160", total_amount: "13.5", date: `${month}-05` },
  };
  expect(
    await send({
      url: "/api/payroll/companies/1001/entries/hours/draft",
      method: "PUT",
      body: { period: month, lines: [line] },
    }),
  ).toBe(200);
  // The month's warnings (a rate below the minimum wage, employees without lines) are acknowledged in German.
  await page.reload();
  await acknowledgeAllWarnings(page, "Geprüft");
  const statuses = [];
  for (const action of ["submit", "approve", "transfer"])
    statuses.push(await send({ url: "/api/month-close/1001", method: "POST", body: { action, period: month } }));
  // Transfer is a job (202): run it at once rather than waiting for a worker's poll.
  expect(statuses).toEqual([200, 200, 202]);
  await runJob("month-close-transfer");
  await page.goto("/payroll/companies/1001/hours/history");
  // The app's database outlives the sandbox's reset: earlier runs' transfers may be listed too.
  const history = page.getByRole("table");
  await expect(history.getByRole("row").nth(1)).toContainText(GERMAN_MONTH);
  await page.getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2 })).toBeVisible();
  await expectNoIsoDates(page, "the transfer history");

  // The reference lists: validity dates as 31.12.2016.
  await page.goto("/payroll/reference-lists");
  await expect(page.getByRole("heading", { name: "Krankenkassen" })).toBeVisible();
  await expect(page.locator("body")).toContainText(/\b\d{2}\.\d{2}\.\d{4}\b/);
  await expectNoIsoDates(page, "the reference lists");

  // The user page: language in words; the header shows a new last name at once.
  await page.goto("/user");
  await expectNoIsoDates(page, "the user page");
  await page.getByLabel("Nachname", { exact: true }).fill("Müller-Schmidt");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("status")).toHaveText("Gespeichert.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Claudia Müller-Schmidt" })).toBeVisible();

  // The businesses: country, currency and tier in German.
  await page.goto("/businesses");
  await expect(page.getByRole("listitem").filter({ hasText: "Müller Feinkost GmbH" })).toContainText(
    "Buchhaltung Start",
  );
  await expectNoIsoDates(page, "the business list");
  await page.getByRole("link", { name: "Müller Feinkost GmbH" }).click();
  const facts = page.locator("dl");
  await expect(facts).toContainText("Deutschland");
  await expect(facts).toContainText("Euro");
  await expect(facts).toContainText("Buchhaltung Start");
  await expectNoIsoDates(page, "the business page");

  // The sandbox's pages (signed in through them above) link an icon it serves: no 404 anywhere.
  expect(notFound).toEqual([]);
  // Names and dates render alike on the server and in the browser (no hydration mismatch).
  expect(errors).toEqual([]);
});

test("in German, the import takes a German spreadsheet and its report keeps every row's name", async ({ page }) => {
  test.setTimeout(120_000);
  const insurer = await insurerWithUniqueName();
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  const [year, monthNumber] = month.split("-");
  const entry = `01.${monthNumber}.${year}`;
  const csv = [
    "Personalnummer;Vorname;Nachname;Straße;PLZ;Ort;Geschlecht;Eintritt;Krankenkasse;RVNR",
    `901;Greta;Sommer;Rosenweg 3;50674;Köln;w;${entry};${insurer.name};${pensionNumber(1).replace(/^(\d{2})(\d{6})(\w)(\d{3})$/, "$1 $2 $3 $4")}`,
    `902;Jonas;Weber;Hauptstr. 1;50667;Köln;männlich;${entry};${insurer.name};${pensionNumber(2)}`,
    `903;Anna;Falsch;Weg 2;1234;Köln;weiblich;${entry};${insurer.number};${pensionNumber(3)}`,
  ].join("\n");
  const errors = collectConsoleErrors(page);
  await signInAndConnectPayroll(page);
  await switchToGerman(page);

  await page.goto(`/payroll/companies/${COMPANY}/import`);
  await page.getByLabel("Oder aus einer Tabelle einfügen").fill(csv);
  await page.getByRole("button", { name: "Zeilen lesen" }).click();
  await expect(page.getByTestId("import-summary")).toHaveText(
    "3 Zeilen: 2 bereit, 0 mit vergebener Personalnummer, 1 mit Fehlern.",
  );
  await page.getByRole("button", { name: "2 Beschäftigte anlegen" }).click();
  await expect(page.getByTestId("import-status")).toHaveText("Fertig.", { timeout: 60_000 });
  const report = page.getByRole("table", { name: "Bericht" });
  await expect(report.locator('tr[data-state="created"]')).toHaveCount(2);
  // The invalid row keeps the person's name.
  await expect(report.locator('tr[data-state="skipped"]')).toContainText("Anna Falsch");
  await expectNoIsoDates(page, "the import report");

  const stored = await control<
    { id: number; sex: number; entry: string; health_insurance: string; insurance_number: string }[]
  >("GET", `/payroll/companies/${COMPANY}/employees`);
  expect(stored.find((employee) => employee.id === 901)).toMatchObject({
    sex: -1,
    entry: `${month}-01`,
    health_insurance: insurer.number,
    insurance_number: pensionNumber(1),
  });
  expect(stored.find((employee) => employee.id === 902)).toMatchObject({ sex: 0, health_insurance: insurer.number });

  // The earlier imports: their status in German.
  await page.goto(`/payroll/companies/${COMPANY}/import`);
  await expect(page.getByRole("link", { name: /\(abgeschlossen\)$/ })).toBeVisible();
  await expectNoIsoDates(page, "the import page");
  expect(errors).toEqual([]);
});

test("the onboarding form: birth data required exactly without a pension number, sex in words, invalid radios marked, countries in the language", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAndConnectPayroll(page);
  await page.goto(`/payroll/companies/${COMPANY}/onboard`);
  const country = page.locator("#field-country");
  await expect(country.locator("option", { hasText: "Germany" })).toHaveCount(1);

  await switchToGerman(page);
  await expect(page.getByLabel("Weiblich", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Männlich", { exact: true })).toBeVisible();
  // Without a pension number the birth date is required (no "optional"); with one it is optional.
  const birthLabel = page.locator('label[for="field-birth_date"]');
  await expect(birthLabel).toHaveText("Geburtsdatum");
  await expect(page.locator("#field-birth_date")).toHaveAttribute("aria-required", "true");
  await page.getByLabel("Rentenversicherungsnummer").fill(pensionNumber(4));
  await expect(birthLabel).toHaveText("Geburtsdatum(optional)");
  await expect(page.locator("#field-birth_date")).not.toHaveAttribute("aria-required", "true");
  await page.getByLabel("Rentenversicherungsnummer").fill("");

  // Sent empty: the sex group is marked invalid.
  await page.getByRole("button", { name: "Beschäftigte anlegen" }).click();
  await expect(page.getByRole("radiogroup", { name: "Geschlecht" })).toHaveAttribute("aria-invalid", "true");

  // Countries in German, sorted as German sorts (Österreich between Oman and Pakistan, not after Z).
  const names = await country.locator("option").allTextContents();
  expect(names).toContain("Deutschland");
  expect(names).not.toContain("Germany");
  const listed = names.slice(1);
  expect(listed).toEqual([...listed].sort(new Intl.Collator("de-DE", { sensitivity: "base" }).compare));
  const at = listed.indexOf("Österreich");
  expect(at).toBeGreaterThan(listed.indexOf("Oman"));
  expect(at).toBeLessThan(listed.indexOf("Pakistan"));
  // The names are the server's (no hydration mismatch between Node's and the browser's country names).
  expect(errors).toEqual([]);
});
