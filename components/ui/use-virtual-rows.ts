"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import type { RefObject } from "react";

interface VirtualRowsOptions {
  /** The scrolling element. */
  scroller: RefObject<HTMLElement | null>;
  count: number;
  /** Every row has this height, in pixels. */
  rowHeight: number;
  /** Rows rendered beyond the visible ones, each way. */
  overscan: number;
  /** The viewport's height until it has been measured (the server's render and the first paint). */
  initialHeight: number;
  /** Space above the first row inside the scroller (e.g. a header row), in pixels. */
  paddingStart?: number;
  /** Every row, e.g. while printing. */
  all?: boolean;
}

interface VisibleRange {
  /** The first row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
}

/**
 * The one windowing of the app's long tables (the payroll grid, the trial balance): which of
 * `count` fixed-height rows the scroller shows, from TanStack Virtual. It re-renders its
 * component only when that range changes (not on every scrolled pixel); the rows themselves are
 * positioned by their index (`index * rowHeight`), so none needs measuring.
 */
export function useVirtualRows({
  scroller,
  count,
  rowHeight,
  overscan,
  initialHeight,
  paddingStart = 0,
  all = false,
}: VirtualRowsOptions): VisibleRange {
  // eslint-disable-next-line react-hooks/incompatible-library -- only the range (two numbers) leaves this hook, read fresh on every render.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart,
    initialRect: { width: 0, height: initialHeight },
    enabled: !all,
    // A new range renders as an ordinary update, after the frame that scrolled, as React's own
    // state updates from scroll events do: rendered synchronously inside the scroll event, it
    // delayed the paint after each keystroke that moves the grid's active row out of view.
    useFlushSync: false,
  });
  if (all) return { start: 0, end: count };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return first && last ? { start: first.index, end: last.index + 1 } : { start: 0, end: 0 };
}
