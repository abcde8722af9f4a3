"use client";

import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

interface ActiveCellInViewOptions {
  scroller: RefObject<HTMLElement | null>;
  row: number;
  /** The active data column (0 = the first column after the employee). */
  col: number;
  rowHeight: number;
  /** The sticky header row's height, above the first line. */
  headerHeight: number;
}

interface View {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

/** Where each column starts and how wide it is: [0] is the employee column, [col + 1] the data columns. */
type Columns = { left: number; width: number }[];

/**
 * Scrolls the grid so that the active cell is in view, down and across (at 1,024 px the columns
 * are wider than the page), never under the sticky employee column or header. Nothing is
 * measured per keystroke: the scroller's size and scroll position are kept from its resize and
 * scroll events, and the columns' places are measured once from the header row (again after a
 * resize), so a move writes at most one scroll position and forces no layout.
 */
export function useActiveCellInView({ scroller, row, col, rowHeight, headerHeight }: ActiveCellInViewOptions): void {
  const view = useRef<View | null>(null);
  const columns = useRef<Columns | null>(null);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      if (view.current) {
        view.current.scrollTop = element.scrollTop;
        view.current.scrollLeft = element.scrollLeft;
      }
    };
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      view.current = {
        scrollTop: element.scrollTop,
        scrollLeft: element.scrollLeft,
        width: entry.contentRect.width,
        height: entry.contentRect.height,
      };
      // Fractional columns change width with the grid's.
      columns.current = null;
    });
    observer.observe(element);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, [scroller]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Until the first resize event (the first render), read the scroller once.
    const current = (view.current ??= {
      scrollTop: element.scrollTop,
      scrollLeft: element.scrollLeft,
      width: element.clientWidth,
      height: element.clientHeight,
    });
    const top = row * rowHeight;
    // The sticky header row covers the top of the view.
    const rowsHeight = current.height - headerHeight;
    const scrollTop =
      top < current.scrollTop
        ? top
        : top + rowHeight > current.scrollTop + rowsHeight
          ? top + rowHeight - rowsHeight
          : current.scrollTop;

    columns.current ??= measureColumns(element);
    const sticky = columns.current[0]?.width ?? 0;
    const cell = columns.current[col + 1];
    let scrollLeft = current.scrollLeft;
    if (cell && cell.left - sticky < scrollLeft) scrollLeft = Math.max(0, cell.left - sticky);
    else if (cell && cell.left + cell.width > scrollLeft + current.width)
      scrollLeft = cell.left + cell.width - current.width;
    if (scrollTop === current.scrollTop && scrollLeft === current.scrollLeft) return;
    current.scrollTop = scrollTop;
    current.scrollLeft = scrollLeft;
    element.scrollTo({ top: scrollTop, left: scrollLeft });
  }, [scroller, row, col, rowHeight, headerHeight]);
}

function measureColumns(element: HTMLElement): Columns {
  const headers = element.querySelectorAll<HTMLElement>('[aria-rowindex="1"] > [role="columnheader"]');
  return Array.from(headers, (header) => ({ left: header.offsetLeft, width: header.offsetWidth }));
}
