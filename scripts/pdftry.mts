import { writeFileSync } from "node:fs";
import { renderTrialBalancePdf } from "../lib/trial-balance/export/pdf";
import type { ExportDocument } from "../lib/trial-balance/export/document";
const cols = 16;
const mk = (i: number) => ({ code: String(1000 + i), name: `Account number ${i} with a longer name äöüß €`, cells: Array.from({ length: cols }, (_, c) => (c === 3 ? null : BigInt((i * 7919 + c * 104729) % 100000000) - 50000000n)) });
const groups = ["Assets", "Liabilities", "Equity", "Income", "Expenses", "Other"].map((label, g) => ({ label, rows: Array.from({ length: 833 }, (_, i) => mk(g * 1000 + i)), subtotal: { code: "", name: `Total ${label}`, cells: Array.from({ length: cols }, () => 123456789n) } }));
const doc: ExportDocument = {
  locale: "de", title: "Summen- und Saldenliste", facts: [{ label: "Unternehmen", value: "Müller GmbH" }, { label: "Zeitraum", value: "Januar 2026 – Dezember 2026" }, { label: "Währung", value: "EUR" }, { label: "Erstellt am", value: "24.11.2026, 05:00" }],
  notices: ["April 2026: keine Zahlen"], headers: { code: "Konto", account: "Bezeichnung", noFigures: "keine Zahlen" },
  columns: Array.from({ length: cols }, (_, c) => ({ label: c < 12 ? `Jan. 2026` : ["Summe", "Vorjahr", "Abweichung", "x"][c - 12]!, failed: c === 3 ? "x" : null })),
  groups, total: { code: "", name: "Summe", cells: Array.from({ length: cols }, () => 0n) }, pageOf: (p, n) => `Seite ${p} von ${n}`, sheetName: "SuSa",
};
const t = performance.now(); const c0 = process.cpuUsage();
const bytes = await renderTrialBalancePdf(doc);
console.log("ms", performance.now() - t, "cpu", process.cpuUsage(c0).user/1000, bytes.length);
/*const t2 = performance.now();
await renderTrialBalancePdf(doc);
*/
writeFileSync("/tmp/tb.pdf", bytes);
