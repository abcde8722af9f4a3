import "server-only";
import PDFDocument from "pdfkit";
import { numberFormat } from "@/lib/i18n/format";
import { centsToDecimal } from "@/lib/money/decimal";
import { lineCount, type ExportDocument, type ExportLine } from "../document";
import {
  BLOCK_GAP,
  COLUMN_HEADER_HEIGHT,
  FACT_HEIGHT,
  FOOTER_HEIGHT,
  NOTICE_HEIGHT,
  PAGE,
  ROW_BASELINE,
  ROW_HEIGHT,
  RUNNING_HEADER_HEIGHT,
  TITLE_HEIGHT,
  paginate,
} from "../pdf-layout";
import { CELL_PADDING, TEXT_SIZE, layoutColumns } from "./pdf-columns";
import { FIGURES, charactersOf, fit, fonts, measurer } from "./pdf-text";

/**
 * The trial balance as a PDF (PDFKit, on the server: no browser). A4 landscape, the column
 * headers on every page, "Page 3 of 41" in the person's language, group subtotals and the grand
 * total in bold. Text is drawn at computed positions without PDFKit's line wrapper: a 5,000-account
 * pack is 80,000 cells, and the wrapper would cost most of the time. The fonts and text widths are
 * in ./pdf-text, the column widths in ./pdf-columns.
 */

const DASH = "–";
const GREY = "#555555";
const RED = "#b91c1c";

type Line =
  { kind: "group"; label: string } | { kind: "account" | "subtotal" | "total"; line: ExportLine; texts: string[] };

export async function renderTrialBalancePdf(document: ExportDocument): Promise<Uint8Array> {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    autoFirstPage: false,
    // Not the embedded font: PDFKit would parse it again on every switch to it (its name is then taken).
    font: FIGURES.regular,
    lang: document.locale === "de" ? "de-DE" : "en-GB",
    info: { Title: document.title, Subject: document.facts.map((fact) => fact.value).join(" · ") },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  // The formatter of lib/i18n/format's formatAmount, fetched once: 80,000 figures.
  const formatter = numberFormat(document.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amount = (value: bigint | null) =>
    value === null ? DASH : formatter.format(centsToDecimal(value) as Intl.StringNumericLiteral);
  const lines: Line[] = [];
  const withTexts = (kind: "account" | "subtotal" | "total", line: ExportLine): Line => ({
    kind,
    line,
    texts: line.cells.map(amount),
  });
  for (const group of document.groups) {
    lines.push({ kind: "group", label: group.label });
    for (const row of group.rows) lines.push(withTexts("account", row));
    lines.push(withTexts("subtotal", group.subtotal));
  }
  lines.push(withTexts("total", document.total));
  if (lines.length !== lineCount(document)) throw new Error("trial balance PDF: line count differs from the layout's");

  const figureWidth = measurer(doc, FIGURES.bold, "0123456789.,-–+()");
  const texts = [
    document.title,
    document.headers.code,
    document.headers.account,
    document.headers.noFigures,
    document.pageOf(1, 1),
    ...document.notices,
  ];
  for (const fact of document.facts) texts.push(fact.label, fact.value);
  for (const column of document.columns) texts.push(column.label);
  for (const line of lines) texts.push(...(line.kind === "group" ? [line.label] : [line.line.code, line.line.name]));
  const characters = charactersOf(texts);
  const width = { regular: measurer(doc, "regular", characters), bold: measurer(doc, "bold", characters) };
  const columns = layoutColumns(
    document,
    lines.flatMap((line) => (line.kind === "group" ? [] : [line.texts])),
    figureWidth,
    width.bold,
  );
  const pagination = paginate(document.facts.length, document.notices.length, lines.length);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  const rule = (y: number, width: number) => {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(width).strokeColor("#333333").stroke();
  };

  const titleBlock = (): number => {
    let y = PAGE.margin;
    doc.font("bold").fontSize(14).fillColor("black").text(document.title, left, y, { lineBreak: false });
    y += TITLE_HEIGHT;
    for (const fact of document.facts) {
      doc.font("bold").fontSize(8).text(`${fact.label}: `, left, y, { lineBreak: false });
      const labelWidth = width.bold(`${fact.label}: `) * 8;
      doc
        .font("regular")
        .text(fit(width.regular, 8, fact.value, right - left - labelWidth), left + labelWidth, y, { lineBreak: false });
      y += FACT_HEIGHT;
    }
    doc.fillColor(RED);
    for (const notice of document.notices) {
      doc
        .font("regular")
        .fontSize(8)
        .text(fit(width.regular, 8, notice, right - left), left, y, { lineBreak: false });
      y += NOTICE_HEIGHT;
    }
    doc.fillColor("black");
    return y + BLOCK_GAP;
  };

  const runningHeader = (): number => {
    doc.font("regular").fontSize(8).fillColor(GREY);
    doc.text(
      fit(width.regular, 8, [document.title, ...document.facts.map((fact) => fact.value)].join(" · "), right - left),
      left,
      PAGE.margin,
      { lineBreak: false },
    );
    doc.fillColor("black");
    return PAGE.margin + RUNNING_HEADER_HEIGHT + BLOCK_GAP;
  };

  const columnHeaders = (top: number): number => {
    doc.font("bold").fontSize(TEXT_SIZE).fillColor("black");
    doc.text(document.headers.code, left, top + ROW_HEIGHT, { lineBreak: false });
    doc.text(document.headers.account, columns.nameX, top + ROW_HEIGHT, { lineBreak: false });
    document.columns.forEach((column, index) => {
      const cellWidth = columns.widths[index]! - CELL_PADDING;
      const x = columns.rights[index]! - cellWidth;
      if (column.failed === null) {
        doc.font("bold").fontSize(TEXT_SIZE).fillColor("black");
        // A heading that fits stands on the line of "Code" and "Account"; a longer one wraps onto the line above.
        const labelWidth = width.bold(column.label) * TEXT_SIZE;
        if (labelWidth <= cellWidth)
          doc.text(column.label, columns.rights[index]! - CELL_PADDING - labelWidth, top + ROW_HEIGHT, {
            lineBreak: false,
          });
        else
          doc.text(column.label, x, top, {
            width: cellWidth,
            height: 2 * ROW_HEIGHT,
            align: "right",
            lineGap: 0,
            ellipsis: true,
          });
      } else {
        doc.font("bold").fontSize(TEXT_SIZE).fillColor("black");
        doc.text(fit(width.bold, TEXT_SIZE, column.label, cellWidth), x, top, {
          width: cellWidth,
          align: "right",
          lineBreak: false,
        });
        doc.font("regular").fillColor(RED);
        doc.text(fit(width.regular, TEXT_SIZE, document.headers.noFigures, cellWidth), x, top + ROW_HEIGHT, {
          width: cellWidth,
          align: "right",
          lineBreak: false,
        });
      }
    });
    doc.fillColor("black");
    rule(top + COLUMN_HEADER_HEIGHT - 2, 0.6);
    return top + COLUMN_HEADER_HEIGHT;
  };

  const footer = (page: number) => {
    const y = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 4;
    doc.font("regular").fontSize(7).fillColor(GREY);
    doc.text(fit(width.regular, 7, document.title, (right - left) / 2), left, y, { lineBreak: false });
    const text = document.pageOf(page, pagination.pages);
    doc.text(text, right - width.regular(text) * 7, y, { lineBreak: false });
    doc.fillColor("black");
  };

  // A row's cells all stand on its baseline (see ROW_BASELINE).
  const ON_BASELINE = { lineBreak: false, baseline: "alphabetic" } as const;
  const figures = (texts: string[], baseline: number, isBold: boolean) => {
    doc.font(isBold ? FIGURES.bold : FIGURES.regular).fontSize(columns.amountSize);
    texts.forEach((text, index) => {
      doc.text(
        text,
        columns.rights[index]! - CELL_PADDING - figureWidth(text) * columns.amountSize,
        baseline,
        ON_BASELINE,
      );
    });
  };

  let index = 0;
  for (let page = 1; page <= pagination.pages; page += 1) {
    doc.addPage();
    let y = columnHeaders(page === 1 ? titleBlock() : runningHeader());
    const rows = page === 1 ? pagination.firstPage : pagination.perPage;
    for (let row = 0; row < rows && index < lines.length; row += 1, index += 1) {
      const line = lines[index]!;
      const baseline = y + ROW_BASELINE;
      if (line.kind === "group") {
        doc
          .font("bold")
          .fontSize(TEXT_SIZE)
          .text(fit(width.bold, TEXT_SIZE, line.label, right - left), left, baseline, ON_BASELINE);
      } else {
        const isBold = line.kind !== "account";
        if (isBold) rule(y, line.kind === "total" ? 0.9 : 0.3);
        const measure = isBold ? width.bold : width.regular;
        doc.font(isBold ? "bold" : "regular").fontSize(TEXT_SIZE);
        if (line.line.code)
          doc.text(fit(measure, TEXT_SIZE, line.line.code, columns.codeWidth - 3), left, baseline, ON_BASELINE);
        doc.text(fit(measure, TEXT_SIZE, line.line.name, columns.nameWidth), columns.nameX, baseline, ON_BASELINE);
        figures(line.texts, baseline, isBold);
      }
      y += ROW_HEIGHT;
    }
    footer(page);
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
