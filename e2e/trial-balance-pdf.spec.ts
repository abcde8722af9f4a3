import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { expect, type Download, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { paginate, ROW_HEIGHT } from "../features/trial-balance/export/pdf-layout";
import { GROUPS, groupOfType } from "../features/trial-balance/pack/account-groups";
import {
  accountingServiceGet,
  authorizeAtService,
  control,
  fixtureUser,
  type FixtureUser,
  switchLanguage,
} from "./helpers";
import { test } from "./fixtures";

// Issue 18, the month-end pack's exports: the PDF of the sandbox's 5,000-account business (Ben
// Carter), twelve monthly columns, read back with a PDF parser; the CSV and Excel title block and
// group subtotals. The expected accounts, groups and page count come from the sandbox's own
// answers and the PDF's rows per page, not from the app.

const RANGE = { from: "2025-11-01", to: "2026-10-31" };
const VIEW = `/trial-balance?from=${RANGE.from}&to=${RANGE.to}&columns=months`;
/** Business, period, figures, currency, generated at. */
const FACTS = 5;

interface ServiceAccount {
  id: string;
  nominal_code: string | null;
  name: string;
  ledger_account_type: { id: string } | null;
}

/** The accounts with figures in the year, in the pack's order: by group, then by nominal code (numerically). */
async function expectedAccounts(person: FixtureUser): Promise<{ accounts: ServiceAccount[]; groups: number }> {
  const year = await accountingServiceGet<{ ledger_accounts: { id: string }[] }>(
    person,
    `/trial_balance?from_date=${RANGE.from}&to_date=${RANGE.to}`,
  );
  const chart: ServiceAccount[] = [];
  for (let page = 1; ; page += 1) {
    const body = await accountingServiceGet<{ $items: ServiceAccount[]; $next: string | null }>(
      person,
      `/ledger_accounts?page=${page}&items_per_page=200&attributes=name,nominal_code,ledger_account_type`,
    );
    chart.push(...body.$items);
    if (!body.$next) break;
  }
  const byId = new Map(chart.map((account) => [account.id, account]));
  const accounts = year.ledger_accounts.map((line) => byId.get(line.id)!);
  const order = new Intl.Collator("en", { numeric: true });
  const rank = (account: ServiceAccount) => GROUPS.indexOf(groupOfType(account.ledger_account_type?.id));
  accounts.sort((a, b) => rank(a) - rank(b) || order.compare(a.nominal_code ?? "", b.nominal_code ?? ""));
  return { accounts, groups: new Set(accounts.map(rank)).size };
}

async function signInAsBen(page: Page, ben: FixtureUser) {
  await page.goto(VIEW);
  await page
    .getByRole("main")
    .getByRole("button", { name: /Sign in/ })
    .click();
  await authorizeAtService(page, ben, { country: "United States" });
  await expect(page).toHaveURL(/\/trial-balance/);
  await expect(page.getByRole("link", { name: /PDF/ })).toBeVisible();
}

async function download(page: Page, name: string): Promise<Download> {
  const waiting = page.waitForEvent("download", { timeout: 120_000 });
  await page.getByRole("link", { name }).click();
  return waiting;
}

/** The first page's text runs with their x, baseline y and width, as a PDF reader places them. */
async function placedRuns(file: Download): Promise<{ text: string; x: number; y: number; width: number }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await file.path())!)));
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
      : [],
  );
}

async function pdfText(file: Download): Promise<{ pages: number; text: string[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await file.path())!)));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { pages: totalPages, text };
}

test("the PDF of the 5,000-account business: its pages, title block, headers on every page, first and last account; in German too", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const ben = await fixtureUser("ben");
  const business = ben.businesses.find((candidate) => candidate.lead)!;
  await signInAsBen(page, ben);
  const { accounts, groups } = await expectedAccounts(ben);
  expect(accounts.length).toBe(5000);
  const lines = accounts.length + 2 * groups + 1;
  const expectedPages = paginate(FACTS, 0, lines).pages;

  const english = await download(page, "Download PDF");
  expect(english.suggestedFilename()).toBe(`trial-balance_redwood-trail-outfitters-inc_${RANGE.from}_${RANGE.to}.pdf`);
  const { pages, text } = await pdfText(english);
  expect(pages).toBe(expectedPages);
  const first = text[0]!;
  expect(first).toContain("Trial balance");
  expect(first).toContain(`Business: ${business.name}`);
  expect(first).toContain("Period: 1 Nov 2025 – 31 Oct 2026");
  expect(first).toMatch(/Currency: [A-Z]{3}/);
  // In German time, where the people work, with its zone named (the server runs in UTC).
  expect(first).toMatch(/Generated at: \d\d\/\d\d\/\d{4}, \d\d:\d\d CES?T/);
  text.forEach((pageText, index) => {
    for (const header of ["Code", "Account", "Nov 2025", "Oct 2026", "Closing"]) expect(pageText).toContain(header);
    expect(pageText).toContain(`Page ${index + 1} of ${pages}`);
  });
  const [firstAccount, lastAccount] = [accounts[0]!, accounts.at(-1)!];
  expect(first).toContain("Assets");
  expect(first).toContain(`${firstAccount.nominal_code} ${firstAccount.name.slice(0, 12)}`);
  const last = text.at(-1)!;
  expect(last).toContain(`${lastAccount.nominal_code} ${lastAccount.name.slice(0, 12)}`);
  expect(last).toContain("All accounts");

  // German: the same pages, in German.
  await switchLanguage(page, "de");
  await expect(page.getByRole("link", { name: "PDF herunterladen" })).toBeVisible();
  const germanFile = await download(page, "PDF herunterladen");
  const german = await pdfText(germanFile);
  // The first account's figures stand on its name's baseline; "Kontonummer" ends before "Konto" begins.
  const runs = await placedRuns(germanFile);
  const code = runs.find((run) => run.text === firstAccount.nominal_code)!;
  const row = runs.filter((run) => Math.abs(run.y - code.y) < ROW_HEIGHT / 2);
  expect(row.length).toBeGreaterThan(12);
  expect(row.filter((run) => Math.abs(run.y - code.y) > 0.01)).toEqual([]);
  const [number, account] = [
    runs.find((run) => run.text === "Kontonummer")!,
    runs.find((run) => run.text === "Konto")!,
  ];
  expect(number.x + number.width).toBeLessThan(account.x);
  expect(german.pages).toBe(expectedPages);
  expect(german.text[0]).toContain("Summen- und Saldenliste");
  expect(german.text[0]).toContain(`Unternehmen: ${business.name}`);
  expect(german.text[0]).toContain("Zeitraum: 1. Nov. 2025 – 31. Okt. 2026");
  expect(german.text[0]).toMatch(/Erstellt am: \d\d\.\d\d\.\d{4}, \d\d:\d\d MES?Z/);
  german.text.forEach((pageText, index) => {
    for (const header of ["Kontonummer", "Konto", "Nov. 2025", "Okt. 2026", "Endsaldo"])
      expect(pageText).toContain(header);
    expect(pageText).toContain(`Seite ${index + 1} von ${german.pages}`);
  });
  expect(german.text[0]).toContain(`${firstAccount.nominal_code} ${firstAccount.name.slice(0, 12)}`);
  expect(german.text.at(-1)).toContain(`${lastAccount.nominal_code} ${lastAccount.name.slice(0, 12)}`);
  // German amounts: a decimal comma.
  expect(german.text.at(-1)).toMatch(/Alle Konten( -?[\d.]+,\d\d)+/);
});

test("CSV and Excel: the title block, the groups and their subtotal rows", async ({ page }) => {
  test.setTimeout(300_000);
  const ben = await fixtureUser("ben");
  const business = ben.businesses.find((candidate) => candidate.lead)!;
  await signInAsBen(page, ben);

  const csv = (await readFile((await (await download(page, "Export CSV")).path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]).toBe("Trial balance");
  expect(csv[1]).toBe(`Business,${business.name}`);
  expect(csv[2]).toBe("Period,1 Nov 2025 – 31 Oct 2026");
  expect(csv[6]).toBe("");
  expect(csv[7]).toMatch(/^Code,Account,Nov 2025,Dec 2025,.*,Oct 2026,Closing$/);
  expect(csv[8]).toBe(",Assets");
  const subtotal = csv.find((line) => line.startsWith(",Total Assets,"))!;
  // Twelve months and the total, plain decimals.
  expect(subtotal.split(",").slice(2)).toHaveLength(13);
  for (const amount of subtotal.split(",").slice(2)) expect(amount).toMatch(/^-?\d+\.\d\d$/);
  expect(csv.at(-1)).toMatch(/^,All accounts,/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await (await download(page, "Export Excel")).path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe("Trial balance");
  expect(sheet.getRow(2).getCell(2).value).toBe(business.name);
  expect(sheet.getRow(8).getCell(3).value).toBe("Nov 2025");
  let subtotalRow = 0;
  sheet.eachRow((row, number) => {
    if (row.getCell(2).value === "Total Assets") subtotalRow = number;
  });
  expect(subtotalRow).toBeGreaterThan(9);
  expect(typeof sheet.getRow(subtotalRow).getCell(3).value).toBe("number");
  expect(sheet.getRow(subtotalRow).getCell(3).font?.bold).toBe(true);

  // German CSV: semicolons and a decimal comma.
  await switchLanguage(page, "de");
  await expect(page.getByRole("link", { name: "Als CSV exportieren" })).toBeVisible();
  const german = (await readFile((await (await download(page, "Als CSV exportieren")).path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(german[0]).toBe("Summen- und Saldenliste");
  expect(german[1]).toBe(`Unternehmen;${business.name}`);
  const germanSubtotal = german.find((line) => line.startsWith(";Summe Vermögen;"))!;
  for (const amount of germanSubtotal.split(";").slice(2)) expect(amount).toMatch(/^-?\d+,\d\d$/);

  // A download that cannot be made says why, on the page, in the person's language; nothing is downloaded.
  let downloads = 0;
  page.on("download", () => (downloads += 1));
  await control("POST", "/faults", {
    rules: [{ method: "GET", path: "/**/trial_balance", kind: "error", status: 500 }],
  });
  await page.getByRole("link", { name: "PDF herunterladen" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "PDF konnte nicht erstellt werden:" })).toBeVisible({
    timeout: 60_000,
  });
  expect(downloads).toBe(0);
  await control("POST", "/faults", {});
  const again = (await readFile((await (await download(page, "Als CSV exportieren")).path())!, "utf8")).replace(
    /^\uFEFF/,
    "",
  );
  expect(again.startsWith("Summen- und Saldenliste")).toBe(true);
  await expect(page.getByRole("alert").filter({ hasText: "konnte nicht erstellt werden" })).toBeHidden();
});
