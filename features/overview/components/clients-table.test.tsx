// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import type { OverviewAnswer, OverviewRow } from "@/features/overview/types";
import { ClientsTable } from "./clients-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }) }));

afterEach(cleanup);

const base: OverviewRow = {
  connectionId: "c1",
  connectionName: "Sabine Krüger",
  companyId: 1001,
  name: "Bäckerei Krüger GmbH",
  period: "2026-11",
  state: "in_review",
  waitingForFirm: false,
  handedInBy: null,
  shownState: "in_review",
  blockers: 0,
  warnings: 2,
  unacknowledgedWarnings: 0,
  employeeCount: 5,
  submittedBy: "Alice Hartley",
  submittedAt: "2026-11-20T10:00:00.000Z",
  approvedBy: null,
  approvedAt: null,
  assignees: [{ id: "u2", name: "Alice Hartley" }],
  land: "BY",
  landSource: "check_settings",
  landNotSet: false,
  cutOff: "2026-11-19",
  cutOffSource: "workspace",
  contributionStatement: "2026-11-24",
  statementLastDay: "2026-11-23",
  contributionsDue: "2026-11-26",
  wageTaxReturn: "2026-12-10",
  nextDate: { kind: "wage_tax_return", date: "2026-12-10", daysLeft: 14 },
  overdue: true,
  overdueDays: 3,
  mine: true,
  mayApprove: true,
  refreshedAt: null,
  lastError: null,
};

const answer: OverviewAnswer = {
  today: "2026-11-26",
  rows: [
    base,
    {
      ...base,
      companyId: 1002,
      name: "Krüger Catering GmbH & Co. KG",
      state: "open",
      shownState: "open",
      blockers: null,
      warnings: null,
      assignees: [],
      land: null,
      landSource: "none",
      landNotSet: true,
      overdue: false,
      overdueDays: null,
      nextDate: { kind: "contribution_statement", date: "2026-12-22", daysLeft: 0 },
    },
  ],
  total: 5,
  members: [
    { id: "u1", name: "Claudia Weber", roles: ["owner"] },
    { id: "u2", name: "Alice Hartley", roles: ["clerk"] },
  ],
  connections: [{ id: "c1", name: "Sabine Krüger" }],
  mayAssign: true,
  mayApproveAny: true,
};

const texts = { states: { in_review: "In review", open: "Open" }, lands: { BY: "Bavaria" } };

function tableOf(locale: Locale, shown: OverviewAnswer = answer) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Europe/Berlin">
        <ClientsTable answer={shown} texts={texts} />
      </NextIntlClientProvider>
    </QueryClientProvider>
  );
}

function show(locale: Locale) {
  render(tableOf(locale));
  return screen.getByRole("table", { name: locale === "de" ? "Mandanten" : "Clients" });
}

describe("the Clients table", () => {
  it("has the contract's column headers, a row per company named by it, its dates, the days left and overdue in words", () => {
    const table = show("en");
    for (const name of ["Month status", "Contribution statement", "Contributions due", "Wage tax return", "Cut-off"])
      expect(within(table).getByRole("columnheader", { name })).toBeTruthy();
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(within(first!).getByRole("rowheader").textContent).toContain("Bäckerei Krüger GmbH");
    expect(first!.textContent).toContain("24/11/2026");
    expect(first!.textContent).toContain("send by 23/11/2026");
    expect(first!.textContent).toContain("Overdue by 3 days");
    expect(first!.textContent).toContain("Land: Bavaria (from the check settings)");
    expect(first!.textContent).toContain("submitted by Alice Hartley");
    expect(second!.textContent).toContain("Contribution statement: 22/12/2026, today");
    const landLink = within(second!).getByRole("link", { name: /Land not set/ });
    expect(landLink.getAttribute("href")).toBe("/payroll/companies/1002#deadlines");
    expect(screen.getByText("2 companies of 5")).toBeTruthy();
  });

  it("selects rows by their named checkboxes, all shown at once, and offers the bulk actions for them", async () => {
    show("en");
    const group = screen.getByRole("group", { name: "Actions for the selected companies" });
    const approve = within(group).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    await act(async () =>
      fireEvent.click(screen.getByRole("checkbox", { name: "Select Krüger Catering GmbH & Co. KG" })),
    );
    expect(approve.disabled).toBe(false);
    expect((screen.getByRole("checkbox", { name: "Select all shown" }) as HTMLInputElement).indeterminate).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Select all shown" })));
    expect(screen.getAllByRole("checkbox", { checked: true })).toHaveLength(3);
    expect(screen.getByText(/2 companies selected/)).toBeTruthy();
  });

  it("reads in German with German dates", () => {
    const table = show("de");
    for (const name of [
      "Monatsstatus",
      "Beitragsnachweis",
      "Beitragsfälligkeit",
      "Lohnsteuer-Anmeldung",
      "Annahmeschluss",
    ])
      expect(within(table).getByRole("columnheader", { name })).toBeTruthy();
    const first = within(table).getAllByRole("row")[1]!;
    expect(first.textContent).toContain("24.11.2026");
    expect(first.textContent).toContain("senden bis 23.11.2026");
    expect(first.textContent).toContain("3 Tage überfällig");
  });

  it("puts the first rows in the server's HTML, the rest after hydration; Select all shown selects every row", async () => {
    const many: OverviewAnswer = {
      ...answer,
      rows: Array.from({ length: 60 }, (_, index) => ({ ...base, companyId: 2000 + index, name: `Firma ${index}` })),
      total: 60,
    };
    const html = renderToString(tableOf("en", many));
    expect(html.match(/data-company=/g)).toHaveLength(30);
    await act(async () => render(tableOf("en", many)));
    expect(screen.getAllByRole("row")).toHaveLength(61);
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Select all shown" })));
    expect(screen.getByText(/60 companies selected/)).toBeTruthy();
  });
});
