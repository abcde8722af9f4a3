"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The element's content width in px, followed as it changes: the chart is drawn at its real
 * size (text stays 11 px on a 390 px phone) rather than scaled from a fixed viewBox. 0 until measured.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
