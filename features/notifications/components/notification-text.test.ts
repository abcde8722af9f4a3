import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { notificationText } from "./notification-text";

// A notification's sentence in English and German, from what from-event.ts (and the reminders) store.

const t = (locale: Locale) =>
  createTranslator({
    locale,
    messages: MESSAGES[locale],
    namespace: "notifications",
    onError: (error) => {
      throw error;
    },
  }) as unknown as Parameters<typeof notificationText>[0];

const month = { companyName: "Bäckerei Krüger GmbH", period: "2026-11", actorName: "Arne Approver" };

describe("notificationText", () => {
  it("says who did what to which month, with the reason, in both languages", () => {
    expect(
      notificationText(t("en"), "en", { kind: "month_reopened", data: { ...month, reason: "Hours missing" } }),
    ).toBe("Arne Approver reopened Bäckerei Krüger GmbH, November 2026: “Hours missing”");
    expect(notificationText(t("de"), "de", { kind: "month_submitted", data: month })).toBe(
      "Arne Approver hat Bäckerei Krüger GmbH, November 2026 zur Prüfung eingereicht.",
    );
    expect(
      notificationText(t("en"), "en", { kind: "month_transfer", data: { ...month, outcome: "waiting_for_pay_run" } }),
    ).toMatch(/^Bäckerei Krüger GmbH, November 2026 waits for the pay run/);
    expect(
      notificationText(t("de"), "de", {
        kind: "reminder",
        data: { ...month, deadlineKind: "cut_off", deadline: "2026-11-20" },
      }),
    ).toBe(
      "Erinnerung: Bäckerei Krüger GmbH, November 2026 ist noch nicht zur Prüfung eingereicht; der Stichtag ist der 20.11.2026.",
    );
    expect(
      notificationText(t("en"), "en", {
        kind: "connection_attention",
        data: { connectionKind: "payroll", workspaceName: "Firm" },
      }),
    ).toContain("a connection of Firm");
  });
});
