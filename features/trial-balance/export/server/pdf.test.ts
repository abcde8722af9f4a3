import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { lineCount } from "../document";
import { renderTrialBalancePdf } from "./pdf";
import { paginate, ROW_HEIGHT } from "../pdf-layout";
import { sampleDocument } from "../sample-document";

interface Placed {
  text: string;
  x: number;
  /** The text's baseline. */
  y: number;
  width: number;
}

/** The first page's text runs with where they stand, as a PDF reader places them. */
async function placedText(bytes: Uint8Array): Promise<Placed[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
      : [],
  );
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { pages: totalPages, text };
}

describe("the trial balance PDF", () => {
  it("has the pages its layout works out, the title block, headers and page numbers on every page, first and last account", async () => {
    const document = sampleDocument("en", 120);
    const { pages, text } = await pdfText(await renderTrialBalancePdf(document));
    const expected = paginate(document.facts.length, document.notices.length, lineCount(document));
    expect(expected.pages).toBeGreaterThan(3);
    expect(pages).toBe(expected.pages);

    const first = text[0]!;
    for (const part of [
      "Trial balance",
      "Business: Müller GmbH",
      "Period: 01/01/2026 – 31/12/2026",
      "Currency: EUR",
      "Generated at: 24/11/2026, 06:00 CET",
      "Month 3 could not be loaded",
    ]) {
      expect(first).toContain(part);
    }
    text.forEach((page, index) => {
      expect(page).toContain("Code");
      expect(page).toContain("Account");
      expect(page).toContain("Month 12");
      expect(page).toContain("Prior year");
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
    });
    // The first account (with its German letters and the euro sign, from the embedded font), and its figures as English writes them.
    expect(first).toMatch(/1000 Assets account 1 Müller ÄÖÜß €.*-1\.00 -1\.01 – -1\.03/);
    expect(first).toContain("Not loaded");
    const last = text.at(-1)!;
    expect(last).toContain("3119 Income account 120");
    expect(last).toContain("Total Income");
    expect(last).toMatch(/All accounts .*9,999\.00/);
    // Subtotals of every group.
    const all = text.join("\n");
    for (const subtotal of ["Total Assets", "Total Liabilities", "Total Income"]) expect(all).toContain(subtotal);
  });

  it("in German: German page numbers and amounts", async () => {
    const document = sampleDocument("de", 60);
    const { pages, text } = await pdfText(await renderTrialBalancePdf(document));
    expect(pages).toBe(paginate(document.facts.length, document.notices.length, lineCount(document)).pages);
    expect(text[0]).toContain("Summen- und Saldenliste");
    expect(text[0]).toContain("Unternehmen: Müller GmbH");
    expect(text[0]).toContain("Nicht geladen");
    text.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pages}`));
    expect(text.at(-1)).toMatch(/Alle Konten .*9\.999,00/);
    expect(text[0]).toMatch(/1000 Aktiva Konto 1 Müller ÄÖÜß €.*-1,00 -1,01 – -1,03/);
  });

  it("fits on one page when the pack is short", async () => {
    const document = sampleDocument("en", 2);
    const { pages, text } = await pdfText(await renderTrialBalancePdf(document));
    expect(pages).toBe(1);
    expect(text[0]).toContain("Page 1 of 1");
  });

  it("stands every cell of a row on one baseline: figures level with their account's code and name", async () => {
    for (const locale of ["en", "de"] as const) {
      const placed = await placedText(await renderTrialBalancePdf(sampleDocument(locale, 3)));
      for (const code of ["1000", "2001", "3002"]) {
        const codeRun = placed.find((run) => run.text === code)!;
        // Everything within half a row of the code belongs to its row, and stands exactly on its baseline.
        const row = placed.filter((run) => Math.abs(run.y - codeRun.y) < ROW_HEIGHT / 2);
        expect(row.length).toBeGreaterThanOrEqual(1 + 1 + 13);
        for (const run of row) expect({ text: run.text, y: run.y }).toEqual({ text: run.text, y: codeRun.y });
      }
    }
  });

  it('keeps the column headers apart: the German "Kontonummer" ends before "Konto" begins', async () => {
    for (const locale of ["en", "de"] as const) {
      const document = sampleDocument(locale, 3);
      const placed = await placedText(await renderTrialBalancePdf(document));
      const headers = [
        document.headers.code,
        document.headers.account,
        ...document.columns.filter((column) => column.failed === null).map((column) => column.label),
      ];
      const codeHeader = placed.find((run) => run.text === document.headers.code)!;
      const line = placed
        .filter((run) => Math.abs(run.y - codeHeader.y) < 0.01 && headers.includes(run.text))
        .sort((a, b) => a.x - b.x);
      expect(line.map((run) => run.text)).toEqual(headers.filter((header) => line.some((run) => run.text === header)));
      expect(line.length).toBeGreaterThanOrEqual(3);
      for (let index = 1; index < line.length; index += 1)
        expect(line[index - 1]!.x + line[index - 1]!.width).toBeLessThan(line[index]!.x);
    }
  });
});
