/**
 * The trial balance PDF's page geometry (A4 landscape, in points) and its pagination. Pure
 * arithmetic, so that the page count is known before drawing ("Page 3 of 41" needs it) and a
 * test can work it out from the same rows per page.
 *
 * Every figure line is one row of the same height (long names are cut with an ellipsis). The
 * first page carries the title block; the others a one-line running header. Every page repeats
 * the column headers and ends with the footer (page number).
 */

export const PAGE = { width: 841.89, height: 595.28, margin: 28 } as const;
export const ROW_HEIGHT = 9.5;
/**
 * Where a row's text stands: its baseline, this far below the row's top. Every cell of a row (code,
 * name, figures) is drawn on this one baseline, whatever its font and size: the names' embedded
 * font and the figures' Helvetica have different ascents, so tops aligned put the figures higher.
 */
export const ROW_BASELINE = 7.5;
/** The code column's narrowest width; wider when its header needs it (German "Kontonummer"). */
export const CODE_MIN_WIDTH = 34;
/** Space between the code column's text and the account names. */
export const CODE_GAP = 5;
export const TITLE_HEIGHT = 20;
export const FACT_HEIGHT = 10.5;
export const NOTICE_HEIGHT = 10.5;
/** Space between the title block (or running header) and the column headers. */
export const BLOCK_GAP = 8;
export const RUNNING_HEADER_HEIGHT = 14;
/** Column headers: two lines (a long period name wraps; a failed column says so below its name). */
export const COLUMN_HEADER_HEIGHT = 22;
export const FOOTER_HEIGHT = 14;

const BODY = PAGE.height - 2 * PAGE.margin - FOOTER_HEIGHT;

export function titleBlockHeight(facts: number, notices: number): number {
  return TITLE_HEIGHT + facts * FACT_HEIGHT + notices * NOTICE_HEIGHT + BLOCK_GAP;
}

export interface Pagination {
  /** Figure rows on the first page (below the title block). */
  firstPage: number;
  /** Figure rows on every other page. */
  perPage: number;
  pages: number;
}

export function paginate(facts: number, notices: number, lines: number): Pagination {
  const firstPage = Math.max(
    1,
    Math.floor((BODY - titleBlockHeight(facts, notices) - COLUMN_HEADER_HEIGHT) / ROW_HEIGHT),
  );
  const perPage = Math.floor((BODY - RUNNING_HEADER_HEIGHT - BLOCK_GAP - COLUMN_HEADER_HEIGHT) / ROW_HEIGHT);
  const pages = lines <= firstPage ? 1 : 1 + Math.ceil((lines - firstPage) / perPage);
  return { firstPage, perPage, pages };
}

/** The code column's width: at least CODE_MIN_WIDTH, and room for its header and a gap before the names. */
export function codeColumnWidth(headerWidth: number): number {
  return Math.max(CODE_MIN_WIDTH, headerWidth + CODE_GAP);
}
