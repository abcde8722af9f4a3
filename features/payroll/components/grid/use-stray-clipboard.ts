"use client";

import { useEffect, useRef, type ClipboardEvent, type RefObject } from "react";

type ClipboardHandler = (event: ClipboardEvent<HTMLDivElement>) => void;
type Handlers = Record<"copy" | "cut" | "paste", ClipboardHandler>;
const TYPES = ["copy", "cut", "paste"] as const;

/**
 * The grid is an editing host (use-grid-keyboard.ts: text input reaches editable elements only),
 * and Chrome sends an editing host's clipboard events where its selection logic puts them, not to
 * the focused host: a grid reached by keyboard alone had its Ctrl+V sent to the page's body, and the
 * paste was lost. While the grid has focus, a clipboard event that lands outside it is the grid's.
 */
export function useStrayClipboard(grid: RefObject<HTMLDivElement | null>, handlers: Handlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const forward = (event: Event) => {
      const element = grid.current;
      if (!element || document.activeElement !== element || element.contains(event.target as Node)) return;
      latest.current[event.type as (typeof TYPES)[number]](event as unknown as ClipboardEvent<HTMLDivElement>);
    };
    for (const type of TYPES) document.addEventListener(type, forward);
    return () => {
      for (const type of TYPES) document.removeEventListener(type, forward);
    };
  }, [grid]);
}
