import type { Locale } from "@/lib/i18n/locales";
import type { ExportDocument, ExportLine } from "./document";

/**
 * A made-up export document for the writers' tests: `perGroup` accounts in each of three groups,
 * twelve months, a total, prior year and variance; March has no figures.
 */
export function sampleDocument(locale: Locale, perGroup: number): ExportDocument {
  const de = locale === "de";
  const months = Array.from({ length: 12 }, (_, index) => `${de ? "M" : "Month"} ${index + 1}`);
  const failedColumn = 2;
  const cells = (seed: number): (bigint | null)[] => [
    ...months.map((_, index) =>
      index === failedColumn ? null : BigInt(seed * 100 + index) * (seed % 2 === 0 ? 1n : -1n),
    ),
    123456n * BigInt(seed),
    null,
    null,
  ];
  const groups = (de ? ["Aktiva", "Passiva", "Erträge"] : ["Assets", "Liabilities", "Income"]).map((label, group) => {
    const rows: ExportLine[] = Array.from({ length: perGroup }, (_, index) => ({
      code: String(1000 * (group + 1) + index),
      name: `${label} ${de ? "Konto" : "account"} ${index + 1}${index === 0 ? " Müller ÄÖÜß €" : ""}`,
      cells: cells(group * perGroup + index + 1),
    }));
    return {
      label,
      rows,
      subtotal: { code: "", name: `${de ? "Summe" : "Total"} ${label}`, cells: cells(9000 + group) },
    };
  });
  return {
    locale,
    title: de ? "Summen- und Saldenliste" : "Trial balance",
    facts: [
      { label: de ? "Unternehmen" : "Business", value: "Müller GmbH" },
      { label: de ? "Zeitraum" : "Period", value: de ? "01.01.2026 – 31.12.2026" : "01/01/2026 – 31/12/2026" },
      { label: de ? "Währung" : "Currency", value: "EUR" },
      { label: de ? "Erstellt am" : "Generated at", value: de ? "24.11.2026, 06:00 MEZ" : "24/11/2026, 06:00 CET" },
    ],
    notices: [
      de
        ? "M 3 konnte nicht geladen werden: Der Dienst antwortet nicht."
        : "Month 3 could not be loaded: the service did not answer.",
    ],
    headers: {
      code: de ? "Kontonummer" : "Code",
      account: de ? "Konto" : "Account",
      noFigures: de ? "Nicht geladen" : "Not loaded",
    },
    columns: [
      ...months.map((label, index) => ({ label, failed: index === failedColumn ? "x" : null })),
      { label: de ? "Summe" : "Total", failed: null },
      { label: de ? "Vorjahr" : "Prior year", failed: null },
      { label: de ? "Abweichung" : "Variance", failed: null },
    ],
    groups,
    total: { code: "", name: de ? "Alle Konten" : "All accounts", cells: cells(9999) },
    pageOf: (page, pages) => (de ? `Seite ${page} von ${pages}` : `Page ${page} of ${pages}`),
    sheetName: de ? "Summen- und Saldenliste" : "Trial balance",
  };
}
