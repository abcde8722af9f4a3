import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type * as DialogModule from "@/components/ui/dialog";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { basisLines, type ChartPeriod, type PeriodFigures } from "@/features/trial-balance/charts/series";
import AccountPanel from "./account-panel";
import { netSeries } from "./chart-series";
import { ChartSvg } from "./chart-svg";
import { FiguresTable } from "./figures-table";
import GroupTrend from "./group-trend";

// The components rendered to HTML as the browser would first get them (no effects run): enough to
// check their markup, names and texts; the opening, focus and Escape are the dialog's (components/ui).
// The real dialog (Radix, loaded when it opens, in a portal) renders nothing on the server: a stand-in
// with its name and width shows what the panel puts in it.
vi.mock("@/components/ui/dialog", async (importOriginal) => ({
  ...(await importOriginal<typeof DialogModule>()),
  Dialog: ({ title, children, width }: { title: ReactNode; children: ReactNode; width?: string }) => (
    <div role="dialog" aria-labelledby="dialog-title" className={width}>
      <h2 id="dialog-title">{title}</h2>
      {children}
    </div>
  ),
}));

function render(locale: Locale, node: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );
}

const periods: ChartPeriod[] = [
  { from: "2026-09-01", to: "2026-09-30" },
  { from: "2026-10-01", to: "2026-10-31" },
  { from: "2026-11-01", to: "2026-11-30" },
];
// Movement: debit 1,234.56 and credit 0 in September; October not readable; November a credit.
const figures: PeriodFigures[] = [
  { amounts: ["0", "0", "123456", "0", "500000", "0"], failed: false },
  { amounts: null, failed: true },
  { amounts: ["0", "0", "0", "250000", "0", "100"], failed: false },
];
const priorYear: PeriodFigures[] = [
  { amounts: ["0", "0", "100000", "0", "0", "0"], failed: false },
  { amounts: ["0", "0", "0", "0", "0", "0"], failed: false },
  { amounts: ["0", "0", "0", "0", "0", "0"], failed: false },
];
const details = {
  id: "la-1200",
  name: "Bank Current Account",
  displayedAs: "Bank Current Account (1200)",
  nominalCode: "1200",
  typeId: "BANK",
  typeName: "Bank",
};

function cells(html: string): string[] {
  return [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, ""));
}

describe("FiguresTable", () => {
  it("lists each period's debit, credit and net in German, and says when a period is not available", () => {
    const html = render(
      "de",
      <FiguresTable
        caption="Bank: Saldo"
        periods={periods}
        lines={[{ debit: 123456n, credit: 0n, net: 123456n }, "failed", { debit: 0n, credit: 250000n, net: -250000n }]}
        basis="movement"
        currency="EUR"
      />,
    );
    expect(html).toContain("<caption");
    expect(html).toContain('role="region" aria-label="Bank: Saldo" tabindex="0"');
    expect(cells(html)).toEqual([
      "Zeitraum",
      "Soll",
      "Haben",
      "Saldo der Verkehrszahlen",
      "Sept. 2026",
      "1.234,56\u00a0€",
      "0,00\u00a0€",
      "1.234,56\u00a0€",
      "Okt. 2026",
      "nicht verfügbar",
      "Nov. 2026",
      "0,00\u00a0€",
      "2.500,00\u00a0€",
      "-2.500,00\u00a0€",
    ]);
    expect(html).toContain('scope="row"');
  });

  it("heads the closing basis's columns and adds the prior year and the change", () => {
    const html = render(
      "en",
      <FiguresTable
        caption="c"
        periods={periods.slice(0, 1)}
        lines={[{ debit: 500000n, credit: 0n, net: 500000n }]}
        prior={[{ debit: 0n, credit: 0n, net: 100000n }]}
        basis="closing"
        currency="GBP"
      />,
    );
    expect(cells(html)).toEqual([
      "Period",
      "Closing debit",
      "Closing credit",
      "Closing balance",
      "Prior year",
      "Variance on prior year",
      "Sept 2026",
      "£5,000.00",
      "£0.00",
      "£5,000.00",
      "£1,000.00",
      "£4,000.00",
    ]);
  });
});

describe("ChartSvg", () => {
  const series = [
    {
      name: "Current",
      values: [1234.56, null, -2500],
      texts: ["£1,234.56", "not available", "-£2,500.00"],
      gaps: [null, "n/a", null],
    },
    { name: "Prior year", values: [1000, 0, 0], texts: ["£1,000.00", "£0.00", "£0.00"], gaps: [null, null, null] },
  ];

  it("is one named image that points at its table", () => {
    const html = render(
      "en",
      <ChartSvg
        label="Line chart: Bank"
        periods={periods}
        series={series}
        currency="GBP"
        width={500}
        height={200}
        describedBy="t1"
      />,
    );
    expect(html).toMatch(/^<svg role="img" aria-label="Line chart: Bank" aria-describedby="t1"/);
  });

  it("draws the prior year dashed and names both lines at their ends (greyscale)", () => {
    const html = render(
      "en",
      <ChartSvg label="x" periods={periods} series={series} currency="GBP" width={500} height={200} />,
    );
    const current = /<g data-series="0"><path d="([^"]+)" fill="none" stroke="[^"]+" stroke-width="2"><\/path>/.exec(
      html,
    );
    expect(current).not.toBeNull();
    expect(html).toMatch(
      /<g data-series="1"><path d="[^"]+" fill="none" stroke="[^"]+" stroke-width="2" stroke-dasharray="6 4"><\/path>/,
    );
    expect(html).toContain(">Current</text>");
    expect(html).toContain(">Prior year</text>");
    // The unreadable October is a gap, marked in words: the current line is drawn as two pieces.
    expect(current![1]!.match(/M/g)).toHaveLength(2);
    expect(html).toContain('data-missing="">n/a</text>');
    expect(html).toContain("<title>Nov 2026: -£2,500.00</title>");
    expect(html).toContain("data-zero-line");
  });

  it("labels the axes in German and writes the gaps' words", () => {
    const words = {
      failed: MESSAGES.de.trialBalanceCharts.notAvailable,
      failedShort: MESSAGES.de.trialBalanceCharts.notAvailableShort,
      pending: MESSAGES.de.trialBalanceCharts.pending,
    };
    const states = basisLines([...figures.slice(0, 2), { amounts: null, failed: false, pending: true }], "movement");
    const german = netSeries("Aktuell", states, "de", "EUR", words);
    expect(german.texts).toEqual(["1.234,56\u00a0€", "nicht verfügbar", "wird gelesen …"]);
    const html = render(
      "de",
      <ChartSvg label="x" periods={periods} series={[german]} currency="EUR" width={500} height={200} />,
    );
    expect(html).toContain(">wird gelesen …</text>");
    expect(html).toContain(">Sep<tspan");
    expect(html).toContain(">Okt</text>");
    expect(html).toContain(">2026</tspan>");
    expect(html).toContain("k. A.");
    expect(html).not.toContain(">Current</text>");
  });
});

describe("AccountPanel", () => {
  const props = {
    account: { id: "la-1200", name: "Bank Current Account" },
    periods,
    figures,
    basis: "movement" as const,
    currency: "EUR",
    onClose: () => {},
  };

  it("is a dialog named by the account, with its details and its figures per period", () => {
    const html = render("de", <AccountPanel {...props} details={details} priorYear={priorYear} />);
    expect(html).toMatch(
      /<div role="dialog" aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1"[^>]*>Bank Current Account<\/h2>/,
    );
    expect(html).toContain("w-[44rem] mr-0 h-dvh max-h-none");
    expect(html).toContain(">Schließen</button>");
    for (const text of ["Kontonummer:", "1200", "Kontoart:", ">Bank<", "Konto-ID:", "la-1200", "Zahlen je Zeitraum"])
      expect(html).toContain(text);
    expect(html).toContain("Bank Current Account: Saldo der Verkehrszahlen je Zeitraum, in EUR</caption>");
    expect(html).toContain("Abweichung zum Vorjahr");
    expect(html).toContain("nicht verfügbar");
  });

  it("says which periods are still being read rather than showing them as zero", () => {
    const html = render(
      "en",
      <AccountPanel
        {...props}
        figures={[figures[0]!, { amounts: null, failed: false, pending: true }, figures[2]!]}
        details={details}
      />,
    );
    expect(cells(html).slice(8, 10)).toEqual(["Oct 2026", "reading…"]);
  });

  it("says when the details could not be read, and while they are read", () => {
    expect(render("en", <AccountPanel {...props} details={null} />)).toContain(
      "The ledger account&#x27;s details could not be read from the accounting service (account la-1200).",
    );
    expect(render("en", <AccountPanel {...props} details={details} detailsPending />)).toContain(
      '<p role="status">Reading the ledger account&#x27;s details…</p>',
    );
  });

  it("follows the basis: closing balances", () => {
    const html = render(
      "en",
      <AccountPanel
        {...props}
        basis="closing"
        details={{ ...details, typeId: "SUSPENSE", typeName: "Suspense Account" }}
      />,
    );
    expect(html).toContain("Closing balance per period");
    expect(html).not.toContain("£");
    expect(html).toContain("€5,000.00");
    expect(html).toContain(">Suspense Account</dd>");
  });
});

describe("GroupTrend", () => {
  it("opens with the chart and a collapsed table toggle", () => {
    const html = render(
      "en",
      <GroupTrend group="Assets" periods={periods} figures={figures} basis="movement" currency="GBP" />,
    );
    expect(html).toContain("<figcaption");
    expect(html).toContain("Assets: subtotal per period (Net movement)");
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain(">Show as table</button>");
    expect(html).not.toContain("<table");
  });
});
