"use client";

import { storedLinesSchema } from "@/lib/payroll-entries/schemas";
import type { StoredLine } from "@/lib/payroll-entries/kinds";

/**
 * What a page left unsaved when it was reloaded or left, for the next page of the same draft in
 * this tab. The save sent while leaving (keepalive) and the next page's request race: the server
 * may render the next page from the draft before that save is stored. The next page then shows
 * (and saves again) what was left here, if it is recent. sessionStorage: this tab only.
 */
const PREFIX = "ledgerlane:unsaved-draft:";
/** A hand-off older than this is not from the page just left: the server's draft wins. */
const MAX_AGE_MS = 30_000;

export function handoffKey(companyId: number, kind: string, period: string): string {
  return `${PREFIX}${companyId}/${kind}/${period}`;
}

export function leaveUnsavedDraft(key: string, lines: readonly StoredLine[]): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), lines }));
  } catch {
    // Storage full or refused: the keepalive save still carries the draft.
  }
}

/** Nothing left to hand over (everything saved meanwhile, the page stayed). */
export function dropUnsavedDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** The lines the page before this one left unsaved (taken: read once), or null. */
export function takeUnsavedDraft(key: string): StoredLine[] | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as { at?: unknown; lines?: unknown };
    if (typeof stored.at !== "number" || Date.now() - stored.at > MAX_AGE_MS || Date.now() < stored.at) return null;
    const lines = storedLinesSchema.safeParse(stored.lines);
    return lines.success ? lines.data : null;
  } catch {
    return null;
  }
}
