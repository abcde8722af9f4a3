import type { EntryKind } from "@/features/payroll/entries/kinds";
import { entriesApi } from "../api";

// The draft's requests, each in one place, through the entries' typed client (../api.ts, from
// features/payroll/entries/contract.ts): the save, the event stream's address and the presence announcement.

/**
 * PUT of a save's body (save-body.ts, already JSON): the answer, or an ApiRequestError (a 409
 * `draft_conflict` carries draft-answers.ts's `DraftConflictDetail`). `keepalive`: the request
 * outlives the page (sent while it is left).
 */
export function sendDraftSave(companyId: number, kind: EntryKind, body: string, keepalive = false) {
  return entriesApi.saveDraft({ companyId, kind }, { jsonText: body, ...(keepalive ? { keepalive: true } : {}) });
}

/** The draft's server-sent events from revision `since` on (draft-stream.ts). */
export function draftStreamUrl(
  companyId: number,
  kind: EntryKind,
  query: { period: string; since: number; client: string },
): string {
  return entriesApi.stream.href({ companyId, kind, ...query });
}

/** Tells the others where this person is (fire and forget: the next announcement follows anyway). */
export function announcePresence(
  companyId: number,
  kind: EntryKind,
  body: { period: string; client: string; line: string | null },
): void {
  void entriesApi.announcePresence.result({ companyId, kind, ...body });
}
