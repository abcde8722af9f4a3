import type { Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { control } from "./helpers";

// Time in the browser tests: the sandbox's clock moves (POST /control/clock) and the app's follows
// it (POST /api/test/clock, present only with TEST_CONTROLS=true, which playwright.config.ts sets);
// a scheduled job runs at once instead of waiting for pg-boss. No test waits in real time.

async function appControl(path: string): Promise<unknown> {
  const response = await fetch(`${APP_URL}/api/test/${path}`, { method: "POST" });
  const body = (await response.json()) as { ok: boolean; data?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`POST /api/test/${path}: ${response.status} ${body.error?.message ?? ""}`);
  return body.data;
}

/** Moves the sandbox's clock and the app's with it by `seconds`. */
export async function advanceClock(seconds: number): Promise<void> {
  await control("POST", "/clock", { advance_seconds: seconds });
  await appControl("clock");
}

/** The app's clock back to the sandbox's (after its /control/reset). */
export async function syncClock(): Promise<void> {
  await appControl("clock");
}

/** Runs a scheduled job's work now (lib/composition/jobs.ts). */
export function runJob(name: string): Promise<unknown> {
  return appControl(`jobs/${encodeURIComponent(name)}`);
}

/**
 * Presses the month close's Transfer (`name`: its label in the page's language) and, once the
 * request has answered (the job is enqueued), runs the Transfer's job now instead of waiting for a
 * worker's next poll; a worker that took it already runs it. The page follows the month meanwhile.
 * `confirm`: when the last sign-in is older than 10 minutes, how the test confirms it is them (./recent-sign-in.ts).
 */
export async function transferMonth(
  page: Page,
  name = "Transfer",
  confirm?: (page: Page) => Promise<void>,
): Promise<void> {
  // A refusal for want of a recent sign-in (401) is not the answer: `confirm` answers the dialog it opens, and the request is sent again.
  const answered = page.waitForResponse(
    (response) =>
      /\/api\/month-close\/\d+$/.test(response.url()) &&
      response.request().method() === "POST" &&
      response.status() !== 401,
  );
  await page.getByRole("button", { name, exact: true }).click();
  if (confirm) await confirm(page);
  await answered;
  await runJob("month-close-transfer");
}
