import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type PDFDocument from "pdfkit";

/**
 * The trial balance PDF's fonts and how wide text set in them is. The font (Liberation Sans
 * Narrow, in ../fonts with its licence) is embedded as a subset: it covers German (ä ö ü ß €) and
 * most Latin scripts, and its narrow figures let 16 columns fit.
 */

const FONT_DIR = path.join(process.cwd(), "features/trial-balance/export/fonts");
const FONTS = { regular: "LiberationSansNarrow-Regular.ttf", bold: "LiberationSansNarrow-Bold.ttf" } as const;
let fontData: { regular: Buffer; bold: Buffer } | null = null;

export function fonts() {
  fontData ??= {
    regular: readFileSync(path.join(FONT_DIR, FONTS.regular)),
    bold: readFileSync(path.join(FONT_DIR, FONTS.bold)),
  };
  return fontData;
}

/**
 * Figures are set in the PDF's standard Helvetica (not embedded; every viewer has it): digits,
 * separators and the dash are all it needs, and its widths come from a table, where the embedded
 * font's shaping of 80,000 distinct figures would take seconds.
 */
export const FIGURES = { regular: "Helvetica", bold: "Helvetica-Bold" } as const;

type Doc = InstanceType<typeof PDFDocument>;

export type Measure = (text: string) => number;

/**
 * Widths at 1 pt summed per character from a table measured once per font (kerning left out:
 * a fraction of a point). Measuring each of 80,000 figures, or each try at cutting a long
 * name, through the font's shaping would cost more than drawing them.
 */
export function measurer(doc: Doc, font: string, characters: Iterable<string>): Measure {
  doc.font(font).fontSize(1);
  const table = new Map<string, number>();
  for (const char of characters) if (!table.has(char)) table.set(char, doc.widthOfString(char));
  const fallback = doc.widthOfString("0");
  return (text) => {
    let width = 0;
    for (const char of text) width += table.get(char) ?? fallback;
    return width;
  };
}

export function charactersOf(texts: Iterable<string>): Set<string> {
  const characters = new Set<string>("0123456789.,-–… ");
  for (const text of texts) for (const char of text) characters.add(char);
  return characters;
}

/** The text cut with an ellipsis to fit `width` at `size`. */
export function fit(measure: Measure, size: number, text: string, width: number): string {
  if (measure(text) * size <= width) return text;
  const room = width / size - measure("…");
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += measure(char);
    if (used > room) break;
    end += char.length;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}
