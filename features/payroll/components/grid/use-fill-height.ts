"use client";

import { useLayoutEffect, useState, type RefObject } from "react";
import { HEADER_HEIGHT, ROW_HEIGHT, VIEWPORT_ROWS } from "./grid-row";

interface FillHeightOptions {
  /** The height before measuring (the server's render and the first paint), in pixels. */
  initial: number;
  /** Never lower than this (a phone, where much stands above the grid). */
  least: number;
  /** Never higher than the content: a short grid leaves no empty space. */
  most: number;
  /** Kept free below the element when the page is scrolled to its top (the hint line under the grid). */
  below: number;
}

/**
 * The height that makes `element` reach the window's bottom edge with the page at its top: the
 * grid fills the window below what stands above it (a compact header, the month's bar, the
 * toolbar), whatever their heights. Measured again when the window or the page's layout changes.
 */
export function useFillHeight(
  element: RefObject<HTMLElement | null>,
  { initial, least, most, below }: FillHeightOptions,
): number {
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const target = element.current;
      if (!target) return;
      const top = target.getBoundingClientRect().top + window.scrollY;
      setAvailable(Math.floor(window.innerHeight - top - below));
    };
    measure();
    // What stands above the grid may grow or shrink (a notice, the toolbar wrapping): the page's size changes with it.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [element, below]);
  const height = available ?? initial;
  return Math.max(Math.min(least, most), Math.min(height, most));
}

/**
 * The grid's height: the window's below what stands above it, down to its last line (2: its
 * borders), at least six lines; and the lines Page Up and Page Down move by (those in view, less one).
 */
export function useGridHeight(
  scroller: RefObject<HTMLElement | null>,
  lineCount: number,
): { height: number; pageRows: number } {
  const height = useFillHeight(scroller, {
    initial: HEADER_HEIGHT + Math.min(VIEWPORT_ROWS, lineCount) * ROW_HEIGHT + 2,
    least: HEADER_HEIGHT + 6 * ROW_HEIGHT + 2,
    most: HEADER_HEIGHT + lineCount * ROW_HEIGHT + 2,
    below: 28,
  });
  return { height, pageRows: Math.max(1, Math.floor((height - HEADER_HEIGHT) / ROW_HEIGHT) - 1) };
}
