"use client";

import { useEffect, useState, type RefObject } from "react";

export const ROW_HEIGHT = 44;
/** The window moves in blocks of rows, so scrolling re-renders every few rows, not every pixel. */
const BLOCK = 8;
const OVERSCAN_BLOCKS = 1;
const INITIAL_VIEWPORT = 640;

export interface VisibleRange {
  start: number;
  end: number;
}

interface Viewport {
  /** Block index of the first row in view. */
  block: number;
  height: number;
}

function viewportOf(element: HTMLElement): Viewport {
  return { block: Math.floor(element.scrollTop / ROW_HEIGHT / BLOCK), height: element.clientHeight || INITIAL_VIEWPORT };
}

/** Which of `count` fixed-height rows the scroll container shows (all of them while printing). */
export function useVisibleRange(container: RefObject<HTMLElement | null>, count: number, all: boolean): [VisibleRange, () => void] {
  const [viewport, setViewport] = useState<Viewport>({ block: 0, height: INITIAL_VIEWPORT });

  const update = () => {
    const element = container.current;
    if (!element) return;
    const next = viewportOf(element);
    setViewport((current) => (current.block === next.block && current.height === next.height ? current : next));
  };

  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    // The observer reports the first size at once, then every change.
    const observer = new ResizeObserver(() => {
      const next = viewportOf(element);
      setViewport((current) => (current.block === next.block && current.height === next.height ? current : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);

  if (all) return [{ start: 0, end: count }, update];
  const start = Math.max(0, (viewport.block - OVERSCAN_BLOCKS) * BLOCK);
  const end = Math.min(count, (viewport.block + OVERSCAN_BLOCKS + 1) * BLOCK + Math.ceil(viewport.height / ROW_HEIGHT));
  return [{ start: Math.min(start, end), end }, update];
}
