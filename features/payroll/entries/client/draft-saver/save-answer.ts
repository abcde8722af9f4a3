import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import type { DraftConflictDetail, DraftSaved } from "@/features/payroll/entries/draft-answers";

/** What a save answers (draft-answers.ts): each part may be missing (an older server), and counts as empty then. */
export type SaveAnswer = Partial<DraftSaved>;

/** The code of a failed save's error: the month went into review meanwhile (409 month_frozen). */
export function isFrozen(error: unknown): boolean {
  const code = error instanceof ApiRequestError ? error.body.code : (error as { code?: unknown } | null)?.code;
  return code === "month_frozen";
}

/**
 * Sends a save (saver.ts): its answer and the conflicts it met. A 409 `draft_conflict` answers too
 * (the other lines were saved); any other failure is thrown.
 */
export async function sendSave(
  send: (body: string, keepalive: boolean) => Promise<SaveAnswer>,
  body: string,
  keepalive: boolean,
): Promise<{ answer: SaveAnswer; found: DraftConflictDetail["conflicts"] }> {
  try {
    return { answer: await send(body, keepalive), found: [] };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.body.code !== "draft_conflict") throw error;
    // Someone else changed some of these cells meanwhile: the others were saved.
    const extra = error.body as Partial<DraftConflictDetail>;
    return {
      answer: { lineRevisions: extra.lineRevisions ?? {}, merged: extra.merged ?? [] },
      found: extra.conflicts ?? [],
    };
  }
}
