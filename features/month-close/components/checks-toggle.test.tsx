// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { ChecksToggle, markChecksPresent } from "./checks-panel";
import { publishChecksSummary } from "./checks-store";

afterEach(() => {
  cleanup();
  act(() => {
    markChecksPresent(false);
    publishChecksSummary(null);
  });
});

// jsdom has no matchMedia: a narrow window (the drawer).
vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));

describe("the month bar's Checks button", () => {
  it("reads its name and counts with the separator spaced on both sides ('Prüfungen · 0 Blocker', not 'Prüfungen· 0 Blocker')", () => {
    render(
      <NextIntlClientProvider locale="de" messages={MESSAGES.de}>
        <ChecksToggle />
      </NextIntlClientProvider>,
    );
    act(() => {
      markChecksPresent(true);
      publishChecksSummary({ blockers: 0, unacknowledged: 2 });
    });
    expect(screen.getByRole("button").textContent).toBe("Prüfungen · 0 Blocker, 2 offene Warnungen");
  });
});
