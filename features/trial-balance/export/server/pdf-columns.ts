import "server-only";
import type { ExportDocument } from "../document";
import { PAGE, codeColumnWidth } from "../pdf-layout";
import type { Measure } from "./pdf-text";

/** The size of the PDF's text: names, headings and (unless they must shrink to fit) the figures. */
export const TEXT_SIZE = 7;
const SMALLEST_AMOUNT_SIZE = 5;
const NAME_MIN_WIDTH = 110;
export const CELL_PADDING = 5;

interface Columns {
  /** The code column's width (from the left margin to the names). */
  codeWidth: number;
  /** Left edge of the name and right edges of the amount columns. */
  nameX: number;
  nameWidth: number;
  rights: number[];
  widths: number[];
  amountSize: number;
}

/** Column widths from the widest figure of each column; figures shrink (down to 5 pt) before the names get too narrow. */
export function layoutColumns(
  document: ExportDocument,
  texts: string[][],
  figureWidth: Measure,
  boldWidth: Measure,
): Columns {
  const left = PAGE.margin;
  const codeWidth = codeColumnWidth(boldWidth(document.headers.code) * TEXT_SIZE);
  const right = PAGE.width - PAGE.margin;
  const natural = document.columns.map((column, index) => {
    let widest = Math.max(boldWidth(column.label) * TEXT_SIZE * 0.6, figureWidth("-000.000,00") * TEXT_SIZE);
    for (const line of texts) widest = Math.max(widest, figureWidth(line[index]!) * TEXT_SIZE);
    return widest + CELL_PADDING;
  });
  const sum = natural.reduce((a, b) => a + b, 0);
  const room = right - left - codeWidth - NAME_MIN_WIDTH;
  const scale = sum <= room ? 1 : Math.max(SMALLEST_AMOUNT_SIZE / TEXT_SIZE, room / sum);
  const widths = natural.map((width) => width * scale);
  const rights: number[] = [];
  let x = right;
  for (let index = widths.length - 1; index >= 0; index -= 1) {
    rights[index] = x;
    x -= widths[index]!;
  }
  const nameX = left + codeWidth;
  return { codeWidth, nameX, nameWidth: x - nameX - CELL_PADDING, rights, widths, amountSize: TEXT_SIZE * scale };
}
