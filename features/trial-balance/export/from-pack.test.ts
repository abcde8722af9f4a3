import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { buildPack, type LedgerAccountInfo } from "../pack/model";
import { packPeriods } from "../periods";
import type { AccountTuple } from "../response";
import { exportFileStem, packDocument } from "./from-pack";

const tuple = (id: string, debit: number, credit: number): AccountTuple => [
  id,
  id,
  "0",
  "0",
  String(debit),
  String(credit),
  String(debit),
  String(credit),
];
const chart: LedgerAccountInfo[] = [
  { id: "bank", nominalCode: "1200", name: "Bank", typeId: "BANK", typeName: "Bank" },
  { id: "sales", nominalCode: "4000", name: "Sales", typeId: "SALES", typeName: "Sales" },
];
const month = (amount: number) => [tuple("bank", amount, 0), tuple("sales", 0, amount)];
const query = { from: "2026-01-01", to: "2026-03-31", compare: "year", basis: "movement", columns: "months" } as const;
const pack = buildPack({
  periods: packPeriods(query, "months"),
  answers: [
    { kind: "ok", accounts: month(10_000) },
    { kind: "failed", code: "unavailable" },
    { kind: "ok", accounts: month(30_000) },
  ],
  prior: { range: { from: "2025-01-01", to: "2025-03-31" }, answer: { kind: "ok", accounts: month(5_000) } },
  ledgerAccounts: chart,
  basis: "movement",
});

function documentIn(locale: Locale) {
  const t = createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
  return packDocument(pack, {
    locale,
    t,
    business: { name: "Müller GmbH", currency: "EUR" },
    query,
    fyStartMonth: 1,
    generatedAt: new Date("2026-11-24T05:00:00Z"),
    failureText: (code) => `failed with ${code}`,
  });
}

describe("the pack as the export document", () => {
  it("has the page's columns: each month, the total, prior year and variance; a failed month marked, its cells null, and a notice", () => {
    const document = documentIn("en");
    expect(document.columns.map((column) => column.label)).toEqual([
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Total",
      "Prior year",
      "Variance",
    ]);
    expect(document.columns[1]!.failed).toBe("failed with unavailable");
    expect(document.columns[3]!.failed).not.toBeNull();
    expect(document.notices).toEqual(["Feb 2026 could not be loaded: failed with unavailable"]);
    const [bank] = document.groups[0]!.rows;
    expect(bank).toEqual({ code: "1200", name: "Bank", cells: [10_000n, null, 30_000n, null, 5_000n, null] });
  });

  it("keeps the groups in order with their subtotals and the grand total", () => {
    const document = documentIn("en");
    expect(document.groups.map((group) => [group.label, group.subtotal.name])).toEqual([
      ["Assets", "Total Assets"],
      ["Income", "Total Income"],
    ]);
    expect(document.groups[1]!.rows[0]!.cells[0]).toBe(-10_000n);
    expect(document.total.cells[0]).toBe(0n);
  });

  it("writes the title block and page numbers in the person's language", () => {
    const en = documentIn("en");
    expect(en.title).toBe("Trial balance");
    expect(en.facts.map((fact) => fact.label)).toEqual(["Business", "Period", "Figures", "Currency", "Generated at"]);
    expect(en.pageOf(3, 41)).toBe("Page 3 of 41");
    const de = documentIn("de");
    expect(de.title).toBe("Summen- und Saldenliste");
    expect(de.columns.map((column) => column.label).slice(0, 3)).toEqual(["Jan. 2026", "Feb. 2026", "März 2026"]);
    expect(de.facts[0]).toEqual({ label: "Unternehmen", value: "Müller GmbH" });
    // Generated at 05:00 UTC: 06:00 in Germany, where the pack's readers work, with the zone named.
    expect(de.facts[4]!.value).toBe("24.11.2026, 06:00 MEZ");
    expect(en.facts[4]!.value).toBe("24/11/2026, 06:00 CET");
    expect(de.pageOf(3, 41)).toBe("Seite 3 von 41");
  });

  it("names the download after the business and the period", () => {
    expect(exportFileStem("Müller & Söhne GmbH", query)).toBe("trial-balance_muller-sohne-gmbh_2026-01-01_2026-03-31");
    expect(exportFileStem(null, query)).toBe("trial-balance_2026-01-01_2026-03-31");
  });

  it("a single period shows the page's six debit and credit columns, subtotals summing them to the cent", () => {
    const single = {
      from: "2026-01-01",
      to: "2026-01-31",
      compare: "none",
      basis: "closing",
      columns: "single",
    } as const;
    const accounts: AccountTuple[] = [
      ["bank", "Bank", "100", "0", "1234", "34", "1300", "0"],
      ["sales", "Sales", "0", "100", "34", "1234", "0", "1300"],
    ];
    const answer = { kind: "ok", accounts } as const;
    const singlePack = buildPack({
      periods: [{ key: "range", kind: "range", from: single.from, to: single.to, month: "2026-01", whole: true }],
      answers: [answer],
      prior: null,
      ledgerAccounts: chart,
      basis: "closing",
    });
    const t = createTranslator({ locale: "en", messages: MESSAGES.en as Messages }) as unknown as Translate;
    const document = packDocument(singlePack, {
      locale: "en",
      t,
      business: { name: "Müller GmbH", currency: "EUR" },
      query: single,
      fyStartMonth: 1,
      generatedAt: new Date(),
      failureText: String,
      single: answer,
    });
    expect(document.columns.map((column) => column.label)).toEqual([
      "Opening debit",
      "Opening credit",
      "Debit",
      "Credit",
      "Closing debit",
      "Closing credit",
    ]);
    expect(document.groups[0]!.rows[0]!.cells).toEqual([100n, 0n, 1234n, 34n, 1300n, 0n]);
    expect(document.groups[0]!.subtotal.cells).toEqual([100n, 0n, 1234n, 34n, 1300n, 0n]);
    expect(document.total.cells).toEqual([100n, 100n, 1268n, 1268n, 1300n, 1300n]);
  });

  it("names quarters the range clips by their months (1 Nov 2025 – 31 Oct 2026), in English and German", () => {
    const year = {
      from: "2025-11-01",
      to: "2026-10-31",
      compare: "none",
      basis: "movement",
      columns: "quarters",
    } as const;
    const periods = packPeriods(year, "quarters", 1);
    const quarters = buildPack({
      periods,
      answers: periods.map(() => ({ kind: "ok", accounts: month(100) })),
      prior: null,
      ledgerAccounts: chart,
      basis: "movement",
    });
    const of = (locale: Locale) =>
      packDocument(quarters, {
        locale,
        t: createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate,
        business: { name: "Müller GmbH", currency: "EUR" },
        query: year,
        fyStartMonth: 1,
        generatedAt: new Date("2026-11-24T05:00:00Z"),
        failureText: String,
      }).columns.map((column) => column.label);
    expect(of("en")).toEqual(["Nov–Dec 2025", "Q1 2026", "Q2 2026", "Q3 2026", "Oct 2026", "Total"]);
    expect(of("de")).toEqual(["Nov.–Dez. 2025", "Q1 2026", "Q2 2026", "Q3 2026", "Okt. 2026", "Summe"]);
  });
});
