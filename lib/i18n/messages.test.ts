import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { readMessageSources } from "@/scripts/lib/messages";
import { LOCALES, type Locale } from "./locales";
import { MESSAGES, type Messages } from "./messages";
import { pickMessages } from "./pick";

function translator(locale: Locale) {
  return createTranslator({
    locale,
    messages: MESSAGES[locale] as Messages,
    onError: (error) => {
      throw error;
    },
  });
}

/** Every dotted key with its text. */
function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

const keysOf = (node: unknown) =>
  leaves(node)
    .map(([key]) => key)
    .sort();

describe("message catalogue", () => {
  it("has the same keys in German as in English", () => {
    expect(keysOf(MESSAGES.de)).toEqual(keysOf(MESSAGES.en));
  });

  // Per owner, not only merged: a namespace in one feature's English and another's German would merge to the same keys.
  it.each(readMessageSources().map((source) => [source.owner, source] as const))(
    "has the same keys in German as in English in %s",
    (_owner, source) => {
      expect(keysOf(source.messages.de)).toEqual(keysOf(source.messages.en));
    },
  );

  it.each(LOCALES)("parses every %s message as ICU", (locale) => {
    // A number for every argument (valid for plain, number and plural ones); a syntax error throws through onError.
    const t = translator(locale);
    for (const [key, text] of leaves(MESSAGES[locale])) {
      const values = Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map(([, name]) => [name, 2]));
      expect(() => t(key as never, values as never), key).not.toThrow();
    }
  });
});

describe("plurals and numbers", () => {
  const en = translator("en");
  const de = translator("de");

  it("counts lines to transfer", () => {
    expect(en("payrollEntries.sendNow", { count: 1 })).toBe("Transfer 1 line");
    expect(en("payrollEntries.sendNow", { count: 3 })).toBe("Transfer 3 lines");
    expect(de("payrollEntries.sendNow", { count: 1 })).toBe("1 Zeile übertragen");
    expect(de("payrollEntries.sendNow", { count: 3 })).toBe("3 Zeilen übertragen");
  });

  it("counts problems that block a transfer", () => {
    expect(en("payrollEntries.transferBlocked", { count: 1 })).toBe("Fix the problem before transferring.");
    expect(en("payrollEntries.transferBlocked", { count: 2 })).toBe("Fix the 2 problems before transferring.");
    expect(de("payrollEntries.transferBlocked", { count: 1 })).toBe("Beheben Sie das Problem vor der Übertragung.");
    expect(de("payrollEntries.transferBlocked", { count: 2 })).toBe("Beheben Sie die 2 Probleme vor der Übertragung.");
  });

  it("counts IDs in use in the import report", () => {
    const counts = { created: 1200, inUse: 1, refused: 0, failed: 0, skipped: 0 };
    expect(en("payroll.import.counts", counts)).toBe("1,200 created, 1 ID in use, 0 refused, 0 failed, 0 not sent");
    expect(de("payroll.import.counts", counts)).toBe(
      "1.200 angelegt, 1 Nummer vergeben, 0 abgelehnt, 0 fehlgeschlagen, 0 nicht gesendet",
    );
    expect(de("payroll.import.counts", { ...counts, inUse: 2 })).toContain("2 Nummern vergeben");
  });

  it("formats account counts with the language's grouping", () => {
    expect(de("trialBalance.table.label", { count: 5000 })).toBe("Summen- und Saldenliste, 5.000 Konten");
    expect(en("trialBalance.table.label", { count: 5000 })).toBe("Trial balance, 5,000 accounts");
    expect(de("trialBalance.table.shown", { shown: 1234, count: 5000 })).toBe("1.234 von 5.000 Konten");
    expect(de("trialBalance.table.label", { count: 1 })).toBe("Summen- und Saldenliste, 1 Konto");
    expect(en("trialBalance.table.totalShown", { count: 1 })).toBe("Total of the 1 account shown");
  });

  it("counts pasted cells and seconds to wait", () => {
    expect(en("payrollEntries.pasted", { cells: 1 })).toBe("Pasted 1 cell.");
    expect(de("payrollEntries.pasteSkipped", { cells: 12, rows: 1, columns: 2 })).toBe(
      "12 Zellen eingefügt; 1 Zeile und 2 Spalten passten nicht und wurden weggelassen.",
    );
    expect(de("trialBalance.states.rateLimited", { seconds: 1 })).toBe(
      "Der Buchhaltungsdienst ist ausgelastet. Versuchen Sie es in 1 Sekunde erneut.",
    );
  });
});

describe("error texts", () => {
  it.each(LOCALES)("has a %s text for every error code of the API envelope", (locale) => {
    const errors = MESSAGES[locale].errors as Record<string, string>;
    const missing = apiErrorCodeSchema.options.filter((code) => !errors[code]?.trim());
    expect(missing).toEqual([]);
  });

  it("says in German what a network failure means", () => {
    expect(translator("de")("errors.network")).toMatch(/nicht erreichbar/);
    expect(translator("en")("errors.network")).toBe(
      "The server could not be reached. Check your connection and try again.",
    );
  });
});

describe("pickMessages", () => {
  it("hands the browser only the namespaces asked for", () => {
    const picked = pickMessages(MESSAGES.en, ["common", "trialBalance"]);
    expect(Object.keys(picked).sort()).toEqual(["common", "trialBalance"]);
    expect(picked.trialBalance).toBe(MESSAGES.en.trialBalance);
  });
});
