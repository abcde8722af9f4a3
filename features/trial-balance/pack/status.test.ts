import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import type { ColumnState } from "./model";
import { packStatusText } from "./status";

const t = (locale: "en" | "de") =>
  createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
const MONTHS = [
  "Nov 2025",
  "Dec 2025",
  "Jan 2026",
  "Feb 2026",
  "Mar 2026",
  "Apr 2026",
  "May 2026",
  "Jun 2026",
  "Jul 2026",
  "Aug 2026",
  "Sep 2026",
  "Oct 2026",
];
const ok: ColumnState = { kind: "ok", balance: { debit: 5n, credit: 5n, difference: 0n } };
const off: ColumnState = { kind: "ok", balance: { debit: 6n, credit: 5n, difference: 1n } };
const failed: ColumnState = { kind: "failed", code: "unavailable" };
const pending: ColumnState = { kind: "pending" };
const status = (columns: ColumnState[], locale: "en" | "de" = "en") => packStatusText(t(locale), { columns }, MONTHS);

describe("the pack's status line", () => {
  it("says every column balances only when every column has figures and balances", () => {
    expect(status(MONTHS.map(() => ok))).toEqual({ text: "Every column balances.", alarm: false });
    expect(
      status(
        MONTHS.map(() => ok),
        "de",
      ).text,
    ).toBe("Jede Spalte ist ausgeglichen.");
  });

  it("with a column not loaded: how many of those loaded balance, and which did not load", () => {
    const columns = MONTHS.map((_, index) => (index === 4 ? failed : ok));
    expect(status(columns)).toEqual({ text: "11 of 12 columns balance; Mar 2026 not loaded.", alarm: true });
    expect(status(columns, "de").text).toBe("11 von 12 Spalten ausgeglichen; Mar 2026 nicht geladen.");
  });

  it("while loading: no claim about balances; once some arrived, how many are still loading", () => {
    expect(status(MONTHS.map(() => pending))).toEqual({ text: "Loading 12 columns…", alarm: false });
    expect(
      status(
        MONTHS.map(() => pending),
        "de",
      ).text,
    ).toBe("12 Spalten werden geladen …");
    expect(status(MONTHS.map((_, index) => (index < 3 ? ok : pending))).text).toBe(
      "3 of 12 columns balance; 9 columns still loading.",
    );
  });

  it("names columns that do not balance first", () => {
    expect(status(MONTHS.map((_, index) => (index === 0 ? off : index === 1 ? failed : ok)))).toEqual({
      text: "1 column does not balance; Dec 2025 not loaded.",
      alarm: true,
    });
  });
});
