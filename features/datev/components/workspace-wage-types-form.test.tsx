// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { WorkspaceWageTypesForm } from "./workspace-wage-types-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: Locale, owner = true) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]}>
        <WorkspaceWageTypesForm
          workspaceId="00000000-0000-4000-8000-000000000001"
          owner={owner}
          wageTypes={{ HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" } }}
        />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe("the firm's default wage types on /settings/workspace", () => {
  it("shows the stored defaults and names a wrong number at its field, in English and German, sending nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm("en");
    const field = screen.getByRole("textbox", { name: "Wage type number Hourly wage" });
    expect((field as HTMLInputElement).value).toBe("100");
    fireEvent.change(field, { target: { value: "10000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save default wage types" }));
    expect(await screen.findByText("Between 1 and 9999.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();
    renderForm("de");
    fireEvent.change(screen.getByRole("textbox", { name: "Lohnartennummer Stundenlohn" }), {
      target: { value: "12a" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Standard-Lohnarten speichern" }));
    expect(await screen.findByText("Nur Ziffern.")).toBeTruthy();
  });

  it("sends every type's row to the route and says it saved", async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const { wageTypes } = JSON.parse(String(init.body)) as { wageTypes: { type: string }[] };
      const saved = { HOURLY_WAGE: { wageTypeNumber: 150, processingKey: 1, carries: "hours" } };
      expect(wageTypes.find((row) => row.type === "HOURLY_WAGE")).toMatchObject({ wageTypeNumber: "150" });
      return new Response(JSON.stringify({ ok: true, data: { wageTypes: saved } }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderForm("en");
    fireEvent.change(screen.getByRole("textbox", { name: "Wage type number Hourly wage" }), {
      target: { value: "150" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save default wage types" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText("Saved.")).toBeTruthy());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/workspaces/00000000-0000-4000-8000-000000000001/datev-wage-types");
  });

  it("only shows them to a member who is no owner", () => {
    renderForm("en", false);
    expect(screen.queryByRole("button", { name: "Save default wage types" })).toBeNull();
    expect(screen.getByText("Only an owner of the workspace changes the default wage types.")).toBeTruthy();
  });
});
