import { expect, test } from "@playwright/test";

// Each page hands the browser only its own namespaces (IntlScope), never the whole catalogue.
// The texts below are messages the page does not render on the server, so finding one in the
// HTML (which carries the client components' props) means its namespace was shipped.
const PAYROLL_ONLY = "Onboard an employee";
const TRIAL_BALANCE_ONLY = "Hide accounts with no balance and no activity";
const USER_ONLY = "Change your last name";
// Any client component may show a failure, so every page carries the error texts.
const ERROR_TEXT = "The server could not be reached. Check your connection and try again.";

test("the landing page ships the common texts and the error texts only", async ({ request }) => {
  const html = await (await request.get("/", { headers: { "accept-language": "en" } })).text();
  expect(html).toContain("Skip to content");
  expect(html).toContain(ERROR_TEXT);
  for (const text of [PAYROLL_ONLY, TRIAL_BALANCE_ONLY, USER_ONLY]) expect(html).not.toContain(text);
});

test("the trial balance page ships its own texts and not the payroll's", async ({ request }) => {
  const html = await (await request.get("/trial-balance", { headers: { "accept-language": "en" } })).text();
  expect(html).toContain(TRIAL_BALANCE_ONLY);
  expect(html).not.toContain(PAYROLL_ONLY);
});

test("a German browser gets the German catalogue's texts", async ({ request }) => {
  const html = await (await request.get("/trial-balance", { headers: { "accept-language": "de-DE,de;q=0.9" } })).text();
  expect(html).toContain("Konten ohne Saldo und ohne Bewegung ausblenden");
  expect(html).not.toContain(TRIAL_BALANCE_ONLY);
});
