"use client";

import { createContext, useContext, useState, type ReactNode } from "react";

// The period form and the figures below it are apart in the page: when the form refuses a
// period, the figures still shown are of the previous one and must say so.

const StaleFigures = createContext<{ stale: boolean; setStale: (stale: boolean) => void }>({
  stale: false,
  setStale: () => {},
});

/** Holds whether the figures shown are out of date; a new view (address) starts fresh. */
export function StaleFiguresProvider({ view, children }: { view: string; children: ReactNode }) {
  const [stale, setStale] = useState(false);
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    setShownView(view);
    setStale(false);
  }
  return <StaleFigures.Provider value={{ stale, setStale }}>{children}</StaleFigures.Provider>;
}

export function useStaleFigures() {
  return useContext(StaleFigures);
}
