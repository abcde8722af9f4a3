import "server-only";
import PDFDocument from "pdfkit";
import type { Locale } from "@/lib/i18n/locales";
import { fonts } from "@/features/trial-balance/export/server/pdf-text";
import type { ProcedureBlock } from "./text";

/**
 * The procedure documentation as a PDF (PDFKit, as the trial balance's; its embedded Liberation
 * font covers German): A4 portrait, the fixed text's blocks with the settings' lines in their places,
 * PDFKit's own line wrapping and page breaks (a few pages, not 80,000 cells), page numbers at the foot.
 */
export async function renderProcedurePdf(
  blocks: readonly ProcedureBlock[],
  slots: Record<string, readonly string[]>,
  meta: { locale: Locale; title: string; subject: string; pageOf: (page: number, pages: number) => string },
): Promise<Uint8Array> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    lang: meta.locale === "de" ? "de-DE" : "en-GB",
    info: { Title: meta.title, Subject: meta.subject },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const bullet = (text: string) => doc.font("regular").fontSize(10).text(`•  ${text}`, { indent: 0, paragraphGap: 2 });

  for (const block of blocks) {
    switch (block.kind) {
      case "title":
        doc.font("bold").fontSize(18).text(block.text, { paragraphGap: 8 });
        break;
      case "heading":
        doc.moveDown(0.6).font("bold").fontSize(12).text(block.text, { paragraphGap: 4 });
        break;
      case "paragraph":
        doc.font("regular").fontSize(10).text(block.text, { align: "left", paragraphGap: 6 });
        break;
      case "item":
        bullet(block.text);
        break;
      case "slot":
        for (const line of slots[block.name] ?? []) bullet(line);
        doc.moveDown(0.4);
        break;
    }
  }
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const text = meta.pageOf(index + 1, range.count);
    // Below the bottom margin: PDFKit would otherwise start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(8).fillColor("#555555");
    doc.text(`${meta.title} · ${text}`, 64, doc.page.height - 40, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
