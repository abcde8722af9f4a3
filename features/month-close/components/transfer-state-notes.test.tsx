import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import type { MonthCloseView, TransferDifference } from "@/features/month-close/states";
import { TransferStateNotes } from "./transfer-state-notes";

// What the month says after a transfer fault, in English and German: the kinds the service holds as
// sent, and those never sent (a late commit of the hours; Check on a transfer that died after them).

function notesOf(locale: Locale, difference: TransferDifference): string {
  const view: Pick<MonthCloseView, "transferUnderWay" | "transferStopped" | "rereadDueAt" | "transferDifference"> = {
    transferUnderWay: null,
    transferStopped: null,
    rereadDueAt: null,
    transferDifference: difference,
  };
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Europe/Berlin">
      <TransferStateNotes view={view} />
    </NextIntlClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const hoursHeld = { kind: "hours" as const, sent: 2, held: 2, missing: 0, unexpected: 0 };
const lateCommit: TransferDifference = {
  readAt: "2026-11-30T10:01:00.000Z",
  afterMinutes: 1,
  kinds: [hoursHeld],
  notSent: ["payments"],
};
const checked: TransferDifference = { ...lateCommit, afterMinutes: 0, checked: true };

describe("the month's notes after a transfer fault", () => {
  it("after a late commit: the service holds the hours as sent; the extra payments were never sent (English)", () => {
    const text = notesOf("en", lateCommit);
    expect(text).toMatch(
      /Read again at 30 Nov 2026, [\d:]+, 1 minute after the transfer, the payroll service holds the hours exactly as sent\./,
    );
    expect(text).toContain(
      "The extra payments were never sent; the next transfer sends them with the rest of the month.",
    );
    expect(text).not.toContain("other data than was sent");
  });

  it("after a late commit, in German", () => {
    const text = notesOf("de", lateCommit);
    expect(text).toMatch(
      /Beim erneuten Lesen am 30\.11\.2026, [\d:]+, 1 Minute nach der Übertragung, hält der Lohndienst die Stunden genau so, wie sie gesendet wurden\./,
    );
    expect(text).toContain(
      "Die Sonderzahlungen wurden nie gesendet; die nächste Übertragung sendet sie mit dem übrigen Monat.",
    );
  });

  it("after Check on a dead transfer, in English and German", () => {
    expect(notesOf("en", checked)).toMatch(
      /Check transfer at 30 Nov 2026, [\d:]+ found the payroll service holding the hours exactly as sent\./,
    );
    expect(notesOf("en", checked)).toContain("The extra payments were never sent;");
    expect(notesOf("de", checked)).toMatch(
      /Die Prüfung am 30\.11\.2026, [\d:]+ ergab: Der Lohndienst hält die Stunden genau so, wie sie gesendet wurden\./,
    );
    expect(notesOf("de", checked)).toContain("Die Sonderzahlungen wurden nie gesendet;");
  });

  it("still lists a difference the service holds unlike what was sent", () => {
    const differs: TransferDifference = {
      readAt: lateCommit.readAt,
      afterMinutes: 1,
      kinds: [{ ...hoursHeld, missing: 2, unexpected: 1 }],
    };
    expect(notesOf("en", differs)).toContain(
      "Hours: 2 of the 2 lines sent are not held; 1 line is held that was not sent.",
    );
    expect(notesOf("en", differs)).not.toContain("exactly as sent");
  });
});
