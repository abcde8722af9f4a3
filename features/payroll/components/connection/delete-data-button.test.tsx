// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { DeleteDataButton } from "./delete-data-button";

// "Delete all payroll data" while the law still keeps some of the connection's records (issue #38 §3):
// the dialog says why and until when, and cannot be confirmed; without such records it asks as before.

const deleteData = vi.fn(async () => ({ deleted: true }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }) }));
vi.mock("@/features/payroll/client/api", () => ({ payrollApi: { deleteData: () => deleteData() } }));

afterEach(cleanup);

async function open(locale: Locale, retained: string | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
        <DeleteDataButton
          connectionId="c1"
          username="Sabine Krüger"
          baseUrl="http://payroll.example"
          connected={false}
          counts={{ drafts: 1, imports: 0, transfers: 2 }}
          retained={retained}
        />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  const label = MESSAGES[locale].payroll.connection.deleteAll;
  fireEvent.click(screen.getByRole("button", { name: label }));
  const dialog = await screen.findByRole("dialog");
  const confirm = Array.from(dialog.querySelectorAll("button")).find((button) => button.textContent === label);
  return { dialog, confirm: confirm! };
}

describe("Delete all payroll data", () => {
  it("says until when the records are kept and cannot be confirmed (en, de)", async () => {
    const en = await open("en", "Not possible yet: … kept until 31/12/2034 …");
    expect(en.dialog.textContent).toContain("kept until 31/12/2034");
    expect(en.confirm.disabled).toBe(true);
    fireEvent.click(en.confirm);
    expect(deleteData).not.toHaveBeenCalled();
    cleanup();
    const de = await open("de", "Noch nicht möglich: … bis zum 31.12.2034 …");
    expect(de.dialog.textContent).toContain("bis zum 31.12.2034");
    expect(de.confirm.disabled).toBe(true);
  });

  it("asks and deletes when nothing is kept by law", async () => {
    const { confirm } = await open("en", null);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(deleteData).toHaveBeenCalledTimes(1));
  });
});
