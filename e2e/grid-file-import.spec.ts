import { expect, type Page, type Response } from "@playwright/test";
import ExcelJS from "exceljs";
import { collectConsoleErrors, control, withDatabase, signInAndConnectThomas } from "./helpers";
import { test } from "./fixtures";

// Issue 25 item 7: a time-tracking tool's export into the grid of the 1,000-employee company
// (Thomas Albrecht's 2001, reached by Dara in her own workspace with his key). First a German CSV
// (`;`, decimal comma, 02.11.2026) whose "Arbeitszeit" column is mapped by hand; then a 1,000-row
// XLSX of the same tool, which loads with the remembered mapping (no mapping step). One unknown
// personnel number in each is listed, not dropped. Each import is one undo step; the draft in the
// database follows. The files are made here (exceljs), not committed.

const COMPANY = 2001;
const DARA = "dara.byrne@example.ie";
const DARAS_CONNECTIONS =
  "SELECT 1 FROM payroll_connections WHERE workspace_id IN (SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_user_id WHERE u.email = $1)";
const UNKNOWN = 999_999;
const HEADERS = ["Personalnummer", "Name", "Datum", "Lohnart", "Arbeitszeit", "Stundensatz"];

test.use({ payrollCompany: COMPANY, ownWorkspacesOnly: ["dara"] });

// Dara's connections go, and with them the company's remembered mapping (it belongs to the connection).
const clean = () => withDatabase((client) => client.query(DARAS_CONNECTIONS.replace("SELECT 1", "DELETE"), [DARA]));
test.beforeEach(clean);
test.afterAll(clean);

interface Employee {
  id: number;
  first_name: string;
  last_name: string;
}

const cell = (page: Page, employee: number, column: string, line = 1) =>
  page.locator(
    `[role="row"][data-employee="${employee}"][data-line-number="${line}"] [role="gridcell"][data-col="${column}"]`,
  );

/** The saved draft's lines with a type (the imported ones), as the database holds them. */
async function savedLines(): Promise<{ employee_id: number; values: Record<string, string> }[]> {
  const result = await withDatabase((client) =>
    client.query<{ employee_id: number; values: Record<string, string> }>(
      `SELECT employee_id, values FROM payroll_entry_draft_lines
        WHERE company_id = $1 AND kind = 'hours' AND NOT deleted AND coalesce(values->>'type', '') <> '' ORDER BY position`,
      [COMPANY],
    ),
  );
  return result.rows;
}

async function draftSaved(page: Page) {
  await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 20_000 });
}

test("a German CSV and a 1,000-row XLSX load into the large company's grid, mapped once, unmatched listed, each one undo step", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  const employees = (await control<Employee[]>("GET", `/payroll/companies/${COMPANY}/employees`)).sort(
    (a, b) => a.id - b.id,
  );
  const { current_month: month } = await control<{ current_month: string }>("GET", `/payroll/companies/${COMPANY}`);
  expect(employees).toHaveLength(1000);
  expect(employees.some((employee) => employee.id === UNKNOWN)).toBe(false);
  const [year, monthNumber] = month.split("-");
  const [first, second] = employees as [Employee, Employee];

  await signInAndConnectThomas(page);
  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await expect(page.getByRole("grid")).toBeVisible();

  // 1. A German CSV: the mapping step opens with the known headers guessed; "Arbeitszeit" is mapped by hand.
  const csv = [
    HEADERS.join(";"),
    `${first.id};${first.last_name}, ${first.first_name};02.${monthNumber}.${year};Stundenlohn;7,5;13,50`,
    `${second.id};${second.last_name}, ${second.first_name};03.${monthNumber}.${year};Überstunden;1,25;18`,
    `${UNKNOWN};Niemand, Nina;04.${monthNumber}.${year};Stundenlohn;8;12`,
  ].join("\r\n");
  await page.getByRole("button", { name: "Import file …" }).click();
  const dialog = page.getByRole("dialog", { name: "Import a file into Hours" });
  await dialog
    .getByLabel("Time-tracking export (CSV or XLSX, at most 4 MB)")
    .setInputFiles({ name: "zeiten.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await expect(dialog.getByRole("heading", { name: "Map columns" })).toBeFocused();
  await expect(dialog.getByLabel(/Column “Personalnummer”/)).toHaveValue("personnel_number");
  await expect(dialog.getByLabel(/Column “Datum”/)).toHaveValue("date");
  await expect(dialog.getByLabel(/Column “Arbeitszeit”/)).toHaveValue("");
  await dialog.getByLabel(/Column “Arbeitszeit”/).selectOption({ label: "Hours" });
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByTestId("file-import-summary")).toHaveText("2 lines for 2 employees from zeiten.csv.");
  await expect(dialog.getByText("Checks: no problem in the lines", { exact: false })).toBeVisible();
  await expect(dialog.getByText("1 row without an employee (not imported)")).toBeVisible();
  // The month's checks with the file's lines: two employees fewer without lines.
  await expect(dialog.getByTestId("file-import-month-checks")).toContainText(
    "No lines (warning): 1,000 now, 998 with the file",
  );
  await expect(dialog.getByText(`Row 4: no employee with personnel number ${UNKNOWN}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Add 2 lines to the grid" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "Imported 2 lines from zeiten.csv (1 row without an employee)." }),
  ).toBeVisible();
  await expect(cell(page, first.id, "total_hours")).toHaveText("7.5");
  await expect(cell(page, first.id, "total_amount")).toHaveText("13.50");
  await expect(cell(page, second.id, "type")).toHaveText("Overtime");
  await draftSaved(page);
  await expect.poll(savedLines).toEqual([
    {
      employee_id: first.id,
      values: expect.objectContaining({
        type: "HOURLY_WAGE",
        total_hours: "7.5",
        total_amount: "13.5",
        date: `${month}-02`,
      }),
    },
    {
      employee_id: second.id,
      values: expect.objectContaining({ type: "ADDITIONAL_OVERTIME", total_hours: "1.25", total_amount: "18" }),
    },
  ]);

  // 2. A 1,000-row XLSX of the same tool: the remembered mapping, straight to the preview.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Zeiten");
  sheet.addRow(HEADERS);
  for (const employee of employees.slice(0, 999)) {
    sheet.addRow([
      employee.id,
      `${employee.last_name}, ${employee.first_name}`,
      new Date(Date.UTC(Number(year), Number(monthNumber) - 1, 5)),
      "Stundenlohn",
      8,
      12.5,
    ]);
  }
  sheet.addRow([
    UNKNOWN,
    "Niemand, Nina",
    new Date(Date.UTC(Number(year), Number(monthNumber) - 1, 5)),
    "Stundenlohn",
    8,
    12.5,
  ]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  await page.getByRole("button", { name: "Import file …" }).click();
  await dialog.getByLabel("Time-tracking export (CSV or XLSX, at most 4 MB)").setInputFiles({
    name: "zeiten.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  await expect(dialog.getByRole("heading", { name: "Preview" })).toBeFocused();
  await expect(dialog.getByText("The columns of zeiten.xlsx were mapped as last time.")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Map columns" })).toHaveCount(0);
  await expect(dialog.getByTestId("file-import-summary")).toHaveText("999 lines for 999 employees from zeiten.xlsx.");
  await expect(dialog.getByText(`Row 1001: no employee with personnel number ${UNKNOWN}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Add 999 lines to the grid" }).click();
  await expect(dialog).toBeHidden();
  // The first employee had a line (from the CSV): the file's goes below it; the others' blank line is filled.
  await expect(cell(page, first.id, "total_hours", 2)).toHaveText("8");
  await expect(cell(page, first.id, "total_hours", 1)).toHaveText("7.5");
  await draftSaved(page);
  await expect.poll(async () => (await savedLines()).length, { timeout: 20_000 }).toBe(1001);
  const saved = await savedLines();
  expect(
    saved.filter((line) => line.values.total_amount === "12.5" && line.values.date === `${month}-05`),
  ).toHaveLength(999);
  expect(saved.some((line) => line.employee_id === UNKNOWN)).toBe(false);

  // 3. One undo removes the whole XLSX import (and only it); the saved draft follows.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(cell(page, first.id, "total_hours", 2)).toHaveCount(0);
  await expect(cell(page, first.id, "total_hours", 1)).toHaveText("7.5");
  await draftSaved(page);
  await expect.poll(async () => (await savedLines()).length, { timeout: 20_000 }).toBe(2);
  expect(errors).toEqual([]);
});

test("in German, on the payments grid: a file that cannot be imported says why in the dialog, never a 5xx; then a file loads", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const statuses: number[] = [];
  page.on("response", (response: Response) => {
    if (/\/(file-import|import-checks)\b/.test(response.url())) statuses.push(response.status());
  });
  const employees = (await control<Employee[]>("GET", `/payroll/companies/${COMPANY}/employees`)).sort(
    (a, b) => a.id - b.id,
  );
  await signInAndConnectThomas(page);
  await context.addCookies([{ name: "locale", value: "de", url: new URL(page.url()).origin }]);
  await page.goto(`/payroll/companies/${COMPANY}/payments`);
  await page.getByRole("button", { name: "Datei importieren …" }).click();
  const dialog = page.getByRole("dialog", { name: "Datei in Zusatzzahlungen importieren" });
  const input = dialog.getByLabel("Export der Zeiterfassung (CSV oder XLSX, höchstens 4 MB)");
  const alert = dialog.getByRole("alert");
  const choose = (name: string, content: string | Buffer) =>
    input.setInputFiles({
      name,
      mimeType: "application/octet-stream",
      buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
    });

  await choose("lohn.pdf", Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x01, 0x02]));
  await expect(alert).toHaveText(/^Diese Datei ist keine CSV- oder XLSX-Datei\./);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await choose("leer.csv", "");
  await expect(alert).toHaveText("Die Datei ist leer.");
  await choose("fremd.csv", "Foo;Bar\n1;2\n");
  await expect(alert).toHaveText(/^Keine Spalte der Datei ist dem Import bekannt/);
  await choose("jahr.csv", ["Personalnummer;Betrag", ...Array.from({ length: 5_001 }, () => "1;2")].join("\n"));
  await expect(alert).toHaveText(/^Die Datei hat mehr als 5\.000 Zeilen\./);
  expect(statuses.length).toBeGreaterThanOrEqual(3);
  expect(statuses.every((status) => status < 500)).toBe(true);

  // An English export (`,`, decimal point) into the German payments grid: mapped by its known headers.
  const [someone] = employees as [Employee];
  await choose("payments.csv", `Personnel number,Wage type,Count,Amount\n${someone.id},Travel costs,2,12.40\n`);
  await expect(dialog.getByRole("heading", { name: "Spalten zuordnen" })).toBeFocused();
  await expect(dialog.getByLabel(/Spalte „Amount“/)).toHaveValue("amount");
  await dialog.getByRole("button", { name: "Vorschau" }).click();
  await expect(dialog.getByTestId("file-import-summary")).toHaveText("1 Zeile für 1 Mitarbeiter aus payments.csv.");
  await dialog.getByRole("button", { name: "1 Zeile ins Raster übernehmen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Datei importieren …" })).toBeFocused();
  await expect(cell(page, someone.id, "amount")).toHaveText("12,40");
  await expect(cell(page, someone.id, "type")).toHaveText("Reisekosten");
});
