// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { StoredChoiceSwitcher } from "./stored-choice-switcher";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: vi.fn(), replace: vi.fn() }) }));

beforeAll(() => {
  // What jsdom lacks and the popover (Radix) and the list (cmdk) call.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= vi.fn();
});
afterEach(() => {
  cleanup();
  refresh.mockClear();
});

const OPTIONS = [
  { id: "w1", name: "Krüger & Partner" },
  { id: "w2", name: "Second Firm" },
];

async function pick(store: (id: string) => Promise<unknown>, forget: () => void) {
  render(
    <NextIntlClientProvider locale="en" messages={MESSAGES.en}>
      <QueryClientProvider client={new QueryClient()}>
        <StoredChoiceSwitcher
          label="Workspace"
          options={OPTIONS}
          current="w1"
          mutationKey={["test"]}
          store={store}
          forget={forget}
        />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  const trigger = screen.getByRole("combobox", { name: "Workspace" });
  expect(trigger.textContent).toContain("Krüger & Partner");
  await act(async () => fireEvent.click(trigger));
  // The list's code loads on first use (a dynamic import), slow on a busy machine.
  const option = await screen.findByRole("option", { name: /Second Firm/ }, { timeout: 15_000 });
  await act(async () => fireEvent.click(option));
}

describe("StoredChoiceSwitcher", () => {
  it("stores the pick, forgets what was read and refreshes the page", async () => {
    const store = vi.fn(async () => undefined);
    const forget = vi.fn();
    await pick(store, forget);
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(store).toHaveBeenCalledWith("w2", expect.anything());
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it("shows the stored choice again, with the reason, when the store fails", async () => {
    const store = vi.fn(async () => {
      throw Object.assign(new Error("not stored"), { code: "not_found" });
    });
    await pick(store, vi.fn());
    const trigger = await screen.findByRole("combobox", { name: "Workspace" });
    await waitFor(() => expect(trigger.getAttribute("aria-describedby")).toBeTruthy());
    expect(trigger.textContent).toContain("Krüger & Partner");
    const reason = document.getElementById(trigger.getAttribute("aria-describedby")!);
    expect(reason?.textContent).toBeTruthy();
  });
});
