// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import type { BulkItemResult, BulkRun } from "../../bulk/schemas";
import { BulkExportResults } from "./bulk-export-results";

afterEach(cleanup);

const item = (companyId: number) => ({
  connectionId: "00000000-0000-4000-8000-000000000001",
  companyId,
  period: "2026-11",
});
const none = { code: null, message: null, exportId: null, fileName: null, sha256: null, reason: null };
const results: BulkItemResult[] = [
  {
    ...none,
    item: item(1001),
    companyName: "Bäckerei Krüger",
    result: "exported",
    exportId: "e1",
    fileName: "1234567_10101_11_2026_Lodas.txt",
    sha256: "ab",
  },
  { ...none, item: item(1002), companyName: "Metallbau", result: "refused", reason: "not_datev", code: "month_state" },
  {
    ...none,
    item: item(1003),
    companyName: "Gasthaus",
    result: "refused",
    reason: "checks",
    code: "invalid",
    problems: [
      { code: "noWageType", type: "SUNDAY_PREMIUM", employee: "Eva Ernst", employeeId: 2, kind: "hours", line: 1 },
    ],
  },
];
const run = (state: BulkRun["state"], shown = results): BulkRun => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  state,
  total: 3,
  results: shown,
  createdAt: "2026-11-29T10:00:00.000Z",
  finishedAt: state === "done" ? "2026-11-29T10:00:05.000Z" : null,
  zipSha256: state === "done" ? "cd" : null,
});

function show(value: BulkRun, locale: "en" | "de" = "en") {
  render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Europe/Berlin">
      <BulkExportResults run={value} names={new Map()} />
    </NextIntlClientProvider>,
  );
}

describe("the bulk export's results", () => {
  it("shows the progress while it runs, and no ZIP yet", () => {
    show(run("running", results.slice(0, 1)));
    expect(screen.getByText("1 of 3 months done")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download ZIP" })).toBeNull();
  });

  it("lists each month with its result and reason, the trial run's problems by name, then the ZIP", () => {
    show(run("done"));
    expect(screen.getByText("1 exported, 0 exported before, 2 not exported")).toBeTruthy();
    const lines = within(screen.getByRole("list", { name: "Results per month" })).getAllByRole("listitem");
    expect(lines.map((line) => line.getAttribute("data-ok"))).toEqual(["true", "false", "false"]);
    expect(lines[0]!.textContent).toContain("Bäckerei Krüger, November 2026: exported");
    expect(lines[1]!.textContent).toContain("This company's months go to the payroll service, not to DATEV.");
    expect(lines[2]!.textContent).toContain("Eva Ernst, hours line 1: the type SUNDAY_PREMIUM has no wage type number");
    expect(screen.getByRole("link", { name: "Download ZIP" }).getAttribute("href")).toBe(
      "/api/datev/bulk-exports/00000000-0000-4000-8000-0000000000aa/zip",
    );
  });

  it("speaks German", () => {
    show(run("done"), "de");
    expect(screen.getByText("Gasthaus, November 2026: nicht exportiert", { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: "ZIP herunterladen" })).toBeTruthy();
  });
});
