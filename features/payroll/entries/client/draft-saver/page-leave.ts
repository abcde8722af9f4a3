import type { DraftSaver } from "./saver";
import { fitsKeepalive } from "./save-body";

/** The page's events leaving it fires (the browser's `window` and `document`, or stand-ins in tests). */
export interface PageEvents {
  window: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  document: Pick<EventTarget, "addEventListener" | "removeEventListener"> & {
    readonly visibilityState: DocumentVisibilityState;
  };
}

/**
 * Saves what is unsaved when the page is left or hidden, with a request that outlives it
 * (`saveBeforeLeaving`: keepalive); returns the stop. Before a reload or another page:
 * beforeunload comes before the browser asks for the next page (pagehide only when its answer is
 * there), so the draft is saved before that page reads it; a draft too large for a keepalive
 * request makes the browser ask first. A closed tab, a phone's app switcher, a page put into the
 * back/forward cache fire no beforeunload: pagehide and a hidden page save too. What none of them
 * could send stays in the browser (local-backup.ts) for the next page of the draft.
 */
export function saveWhenLeaving(saver: DraftSaver, page: PageEvents): () => void {
  const beforeUnload = (event: Event) => {
    if (!saver.saveBeforeLeaving(fitsKeepalive)) event.preventDefault();
  };
  const pageHide = () => void saver.saveBeforeLeaving(fitsKeepalive);
  const visibilityChange = () => {
    if (page.document.visibilityState === "hidden") saver.saveBeforeLeaving(fitsKeepalive);
  };
  page.window.addEventListener("beforeunload", beforeUnload);
  page.window.addEventListener("pagehide", pageHide);
  page.document.addEventListener("visibilitychange", visibilityChange);
  return () => {
    page.window.removeEventListener("beforeunload", beforeUnload);
    page.window.removeEventListener("pagehide", pageHide);
    page.document.removeEventListener("visibilitychange", visibilityChange);
  };
}
