"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { createStore } from "@/lib/store/store";
import { useStore } from "@/lib/store/use-store";
import { useChecksSummary } from "./checks-store";

/**
 * Where the Checks region sits on the grid pages: from 1280 px a side panel beside the grid, open
 * unless closed; below that a drawer over the page, closed unless opened. The month bar's button
 * opens and closes it (the region and the bar are siblings rendered by the server, so the state
 * is a store, as the checks' summary is).
 */
const SIDE_QUERY = "(min-width: 1280px)";
export const CHECKS_REGION_ID = "checks-region";
/** The region's heading, where focus goes when the panel opens. */
export const CHECKS_TITLE_ID = "checks-title";
const CHECKS_TOGGLE_ID = "checks-toggle";

/** The person's choice on this page; null: what the window's width gives. */
const choice = createStore<boolean | null>(null);
/** A Checks region is on the page (the toggle shows only then). */
const present = createStore(false);

function subscribeWidth(listener: () => void): () => void {
  const query = window.matchMedia(SIDE_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** The window is wide enough for the side panel (false on the server and while hydrating). */
function useSideWidth(): boolean {
  return useSyncExternalStore(
    subscribeWidth,
    () => window.matchMedia(SIDE_QUERY).matches,
    () => false,
  );
}

export interface ChecksPanelState {
  /** Shown now. */
  open: boolean;
  /** Beside the grid (else a drawer over the page). */
  side: boolean;
  /** The person's choice; null: the width's default (CSS decides before hydration). */
  chosen: boolean | null;
}

export function useChecksPanel(): ChecksPanelState {
  const chosen = useStore(choice);
  const side = useSideWidth();
  return { open: chosen ?? side, side, chosen };
}

/** Opens or closes the panel; closing a drawer hands focus back to the button that opened it. */
export function setChecksPanelOpen(open: boolean, { returnFocus = false } = {}): void {
  choice.set(open);
  if (!open && returnFocus) requestAnimationFrame(() => document.getElementById(CHECKS_TOGGLE_ID)?.focus());
  if (open) requestAnimationFrame(() => document.getElementById(CHECKS_TITLE_ID)?.focus());
}

/** The region says it is on the page while it is mounted. */
export function markChecksPresent(value: boolean): void {
  present.set(value);
}

/** The bar's button for the Checks: their counts, and opening or closing the panel or drawer. */
export function ChecksToggle() {
  const t = useTranslations();
  const { open } = useChecksPanel();
  const shown = useStore(present);
  const summary = useChecksSummary();
  if (!shown) return null;
  const counts = summary
    ? t("monthChecks.listCountsLabel", { blockers: summary.blockers, warnings: summary.unacknowledged })
    : "";
  return (
    <Button
      id={CHECKS_TOGGLE_ID}
      variant="secondary"
      size="sm"
      aria-expanded={open}
      aria-controls={CHECKS_REGION_ID}
      onClick={() => setChecksPanelOpen(!open)}
    >
      {t("monthChecks.region")}
      {/* The spaces are text, so the button's name reads "Checks · 1 blocker", not "Checks· 1 blocker". */}
      {counts ? <span className="font-normal text-slate-700">{` · ${counts}`}</span> : null}
    </Button>
  );
}
