// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { PersonnelNumbers } from "./personnel-numbers";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = [
  { id: 1, name: "Anna Äbi", own: 7 },
  { id: 2, name: "Ben Bauer", own: null },
];

function renderTable(locale: Locale, editable = true) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]}>
        <PersonnelNumbers companyId={1001} rows={rows} editable={editable} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe("the company's DATEV personnel numbers", () => {
  it("show each employee's own number, the service id as the default, and a range error at the field", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderTable("en");
    expect((screen.getByRole("textbox", { name: "Personnel number Anna Äbi" }) as HTMLInputElement).value).toBe("7");
    const ben = screen.getByRole("textbox", { name: "Personnel number Ben Bauer" }) as HTMLInputElement;
    expect([ben.value, ben.placeholder]).toEqual(["", "2"]);
    fireEvent.change(ben, { target: { value: "100000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save personnel number Ben Bauer" }));
    expect(await screen.findByText("Between 1 and 99999.")).toBeTruthy();
    expect(ben.getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the route's `taken` on the field, in German", async () => {
    const body = { ok: false, error: { code: "invalid", message: "taken", fields: { personnelNumber: "taken" } } };
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      expect([url, init.method, init.body]).toEqual([
        "/api/payroll/companies/1001/datev/employees/2",
        "PUT",
        JSON.stringify({ personnelNumber: "7" }),
      ]);
      return new Response(JSON.stringify(body), { status: 422, headers: { "content-type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderTable("de");
    fireEvent.change(screen.getByRole("textbox", { name: "Personalnummer Ben Bauer" }), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Personalnummer Ben Bauer speichern" }));
    expect(await screen.findByText("Schon die Personalnummer eines anderen Mitarbeiters.")).toBeTruthy();
  });

  it("only shows them to roles that may not change them", () => {
    renderTable("en", false);
    expect(screen.queryByRole("button", { name: /Save personnel number/ })).toBeNull();
  });
});
