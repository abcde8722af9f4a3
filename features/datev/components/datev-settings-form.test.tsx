// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { companyDatevInputSchema } from "../settings/schemas";
import { DatevSettingsForm } from "./datev-settings-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the company's DATEV section", () => {
  it("starts from the firm's default and sends the form's input, which the route's schema reads", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        const settings = companyDatevInputSchema.parse(body);
        return new Response(JSON.stringify({ ok: true, data: { settings } }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NextIntlClientProvider locale="en" messages={MESSAGES.en}>
          <DatevSettingsForm
            companyId={1001}
            consultantNumber={null}
            clientNumber={null}
            program="lodas"
            target="payroll_service"
            wageTypes={{ HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" } }}
            editable
          />
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
    expect((screen.getByRole("textbox", { name: "Wage type number Hourly wage" }) as HTMLInputElement).value).toBe(
      "100",
    );
    fireEvent.change(screen.getByLabelText("Consultant number"), { target: { value: "1234567" } });
    fireEvent.change(screen.getByLabelText("Client number"), { target: { value: "10102" } });
    fireEvent.click(screen.getByRole("button", { name: "Save DATEV settings" }));
    await waitFor(() => expect(screen.getByText("Saved.")).toBeTruthy());
    expect(bodies[0]).toMatchObject({
      consultantNumber: "1234567",
      clientNumber: "10102",
      wageTypes: expect.arrayContaining([expect.objectContaining({ type: "HOURLY_WAGE", wageTypeNumber: "100" })]),
    });
  });
});
