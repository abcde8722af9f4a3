import { expect, type Download, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { wageTypeRows } from "../features/datev/settings/schemas";
import { decodeWindows1252 } from "../features/datev/lodas/windows-1252";
import { approveMonth, control, signInAndConnectPayroll, switchLanguage, withDatabase } from "./helpers";
import { test } from "./fixtures";

// Export for DATEV (issue #39, docs/datev.md): Claudia's company 1001 goes to DATEV LODAS. The
// month's lines are saved as the grid saves its drafts; a type without a wage type number is
// refused with the problem named (English, then German once) and by the route (422); mapped, the
// month is approved and exported with `Export for DATEV`; the file's movement lines are the sealed
// month's lines one by one, every GET the same bytes; a client is refused.

const COMPANY = 1001;
test.use({ payrollCompany: COMPANY });

const clearDatev = () =>
  withDatabase(async (client) => {
    for (const table of ["datev_exports", "datev_company_settings", "datev_employee_settings"])
      await client.query(`DELETE FROM ${table} WHERE company_id = $1`, [COMPANY]);
  });

const HOURS = [
  { id: "d1", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "8", total_amount: "15" } },
  { id: "d2", employee_id: 2, values: { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "15" } },
];
const PAYMENTS = [{ id: "d3", employee_id: 2, values: { type: "BONUS_PAYMENT", amount: "250.5" } }];

async function saveDatevSettings(page: Page, mapped: Record<string, string>) {
  const rows = wageTypeRows({}).map((row) => ({ ...row, wageTypeNumber: mapped[row.type] ?? "" }));
  const response = await page.request.put(`/api/payroll/companies/${COMPANY}/datev/settings`, {
    data: { consultantNumber: "1234567", clientNumber: "10102", program: "lodas", target: "datev", wageTypes: rows },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function saveDraft(page: Page, kind: "hours" | "payments", period: string, lines: unknown[]) {
  const response = await page.request.put(`/api/payroll/companies/${COMPANY}/entries/${kind}/draft`, {
    data: { period, lines },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

test.afterEach(clearDatev);

test("an approved month exported for DATEV: refused while a type is unmapped, then the file is the grid's lines", async ({
  page,
}) => {
  await clearDatev();
  const { current_month: month, name1 } = await control<{ current_month: string; name1: string }>(
    "GET",
    `/payroll/companies/${COMPANY}`,
  );
  const claudia = await signInAndConnectPayroll(page);
  const origin = new URL(page.url()).origin;
  await saveDatevSettings(page, { BONUS_PAYMENT: "200" });
  await saveDraft(page, "hours", month, HOURS);
  await saveDraft(page, "payments", month, PAYMENTS);

  await page.goto(`/payroll/companies/${COMPANY}/hours`);
  await approveMonth(page, "Checked for DATEV");

  // Hourly wage has no wage type number: the preview names each line, the route refuses (422).
  await page.getByRole("button", { name: "Export for DATEV" }).click();
  const dialog = page.getByRole("dialog", { name: "Export for DATEV: check first" });
  const problems = dialog.getByRole("region", { name: "DATEV's trial run would refuse this month" });
  await expect(problems.getByRole("listitem")).toHaveCount(2);
  await expect(problems.getByRole("listitem").first()).toHaveText(
    /, hours line 1: the type HOURLY_WAGE has no wage type number$/,
  );
  await expect(dialog.getByRole("button", { name: "Export for DATEV" })).toBeDisabled();
  const refused = await page.request.post(`/api/payroll/companies/${COMPANY}/datev?month=${month}`, {
    headers: { origin },
  });
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { error: { problems: { code: string; type: string; employeeId: number }[] } };
  expect(body.error.problems.map((problem) => [problem.code, problem.type, problem.employeeId])).toEqual([
    ["noWageType", "HOURLY_WAGE", 1],
    ["noWageType", "HOURLY_WAGE", 2],
  ]);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Once in German.
  await switchLanguage(page, "de");
  try {
    await page.getByRole("button", { name: "Für DATEV exportieren" }).click();
    const german = page.getByRole("region", { name: "Der Prüflauf von DATEV würde diesen Monat ablehnen" });
    await expect(german.getByRole("listitem").first()).toHaveText(
      /, Stunden Zeile 1: Die Art HOURLY_WAGE hat keine Lohnartennummer$/,
    );
    await page.getByRole("button", { name: "Abbrechen" }).click();
  } finally {
    await switchLanguage(page, "en");
  }

  // Mapped: the export makes the file; the month is Transferred.
  await saveDatevSettings(page, { HOURLY_WAGE: "100", BONUS_PAYMENT: "200" });
  await page.reload();
  await page.getByRole("button", { name: "Export for DATEV" }).click();
  await expect(dialog.getByRole("table", { name: "Lines per employee" })).toBeVisible();
  await dialog.getByRole("button", { name: "Export for DATEV" }).click();
  const [month_, year] = [month.slice(5), month.slice(0, 4)];
  const fileName = `1234567_10102_${month_}_${year}_Lodas.txt`;
  const link = page.getByRole("link", { name: `Download ${fileName}` });
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await bytesOf(download);
  await expect(page.getByRole("status", { name: "Month status" })).toHaveText("Transferred");

  // The movement lines, one by one, are the sealed month's lines (hours, then payments, in the grid's order).
  const sealed = await withDatabase(async (client) => {
    const { rows } = await client.query<{
      content: { lines: Record<"hours" | "payments", { employee_id: number; values: Record<string, string> }[]> };
    }>("SELECT content FROM sealed_months WHERE company_id = $1 AND period = $2 ORDER BY version DESC LIMIT 1", [
      COMPANY,
      month,
    ]);
    return rows[0]!.content.lines;
  });
  const day = `01.${month_}.${year}`;
  const expected = [
    ...sealed.hours.map(
      (line) => `1;${day};${line.employee_id};100;1;${String(line.values.total_hours).replace(".", ",")};;`,
    ),
    ...sealed.payments.map(
      (line) => `1;${day};${line.employee_id};200;4;${String(line.values.amount).replace(".", ",")};;`,
    ),
  ];
  expect(expected).toEqual([`1;${day};1;100;1;8;;`, `1;${day};2;100;1;7,5;;`, `1;${day};2;200;4;250,5;;`]);
  const text = decodeWindows1252(bytes);
  expect(text).toContain("\r\n[Satzbeschreibung]\r\n1;u_lod_bwd_buchung_standard;");
  expect(text.split("[Bewegungsdaten]\r\n")[1]).toBe(expected.map((line) => `${line}\r\n`).join(""));

  // Every GET answers the same bytes.
  const again = await page.request.get(`/api/payroll/companies/${COMPANY}/datev?month=${month}`);
  expect(again.status()).toBe(200);
  expect(again.headers()["content-type"]).toBe("text/plain; charset=windows-1252");
  expect(Buffer.compare(await again.body(), bytes)).toBe(0);
  // The access log holds the export and each download, with the employees the file carries.
  const logged = await withDatabase(async (client) => {
    const { rows } = await client.query<{ employee_ids: number[] }>(
      `SELECT employee_ids FROM access_log_entries WHERE company_id = $1 AND period = $2 AND kind = 'datev_export'
       ORDER BY occurred_at DESC LIMIT 3`,
      [COMPANY, month],
    );
    return rows.map((row) => row.employee_ids);
  });
  expect(logged).toEqual([
    [1, 2],
    [1, 2],
    [1, 2],
  ]);

  // The bulk export on /overview (a job): the month exported before is not exported again; the run's
  // ZIP holds its stored file, byte for byte, beside the results file.
  await page.goto("/overview");
  await page.getByRole("checkbox", { name: `Select ${name1}` }).check();
  await page
    .getByRole("group", { name: "Actions for the selected companies" })
    .getByRole("button", { name: "Export for DATEV" })
    .click();
  const bulk = page.getByRole("dialog", { name: "Export 1 month for DATEV" });
  await bulk.getByRole("button", { name: "Start the export" }).click();
  await expect(bulk.getByRole("list", { name: "Results per month" }).getByRole("listitem")).toHaveText([
    /: exported before$/,
  ]);
  const zipping = page.waitForEvent("download");
  await bulk.getByRole("link", { name: "Download ZIP" }).click();
  const zip = unzipSync(new Uint8Array(await bytesOf(await zipping)));
  expect(Object.keys(zip).sort()).toEqual(["Ergebnisse.csv", fileName].sort());
  expect(Buffer.compare(Buffer.from(zip[fileName]!), bytes)).toBe(0);
  await bulk.getByRole("button", { name: "Close" }).click();

  // A client of the workspace is refused (Claudia's roles for a moment: the route reads them per request).
  const member = `FROM users u, payroll_connections pc, payroll_companies c
    WHERE m.user_id = u.id AND u.accounting_user_id = $1 AND m.workspace_id = pc.workspace_id
      AND c.connection_id = pc.id AND c.company_id = $2`;
  const setRoles = (roles: string) =>
    withDatabase((client) =>
      client.query(`UPDATE workspace_members m SET roles = $3::"WorkspaceRole"[] ${member}`, [
        claudia.id,
        COMPANY,
        roles,
      ]),
    );
  const before = await withDatabase(async (client) => {
    const { rows } = await client.query<{ roles: string }>(
      `SELECT m.roles::text AS roles FROM workspace_members m, ${member.slice(5)}`,
      [claudia.id, COMPANY],
    );
    return rows[0]!.roles;
  });
  await setRoles("{client}");
  try {
    const asClient = await page.request.post(`/api/payroll/companies/${COMPANY}/datev?month=${month}`, {
      headers: { origin },
    });
    expect([403, 404]).toContain(asClient.status());
    expect((await page.request.get(`/api/payroll/companies/${COMPANY}/datev?month=${month}`)).status()).not.toBe(200);
  } finally {
    await setRoles(before);
  }
});
