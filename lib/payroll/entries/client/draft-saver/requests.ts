import { apiFetch, apiFetchOrThrow } from "@/lib/http/client/browser-fetch";
import type { DraftSaved } from "@/lib/payroll/entries/draft-answers";
import type { EntryKind } from "@/lib/payroll/entries/kinds";

// The draft's requests, each in one place (app/api/payroll-entries/[companyId]/[kind]/…): the
// save, the event stream's address and the presence announcement. The typed client of the
// feature's contract replaces the bodies here, not the callers.

function draftPath(companyId: number, kind: EntryKind): string {
  return `/api/payroll-entries/${companyId}/${kind}`;
}

/**
 * PUT of a save's body (save-body.ts, already JSON): the answer, or an ApiRequestError (a 409
 * `draft_conflict` carries draft-answers.ts's `DraftConflictDetail`). `keepalive`: the request
 * outlives the page (sent while it is left).
 */
export function sendDraftSave(companyId: number, kind: EntryKind, body: string, keepalive = false): Promise<DraftSaved> {
  return apiFetchOrThrow<DraftSaved>(`${draftPath(companyId, kind)}/draft`, {
    method: "PUT",
    jsonText: body,
    ...(keepalive ? { keepalive: true } : {}),
  });
}

/** The draft's server-sent events from revision `since` on (draft-stream.ts). */
export function draftStreamUrl(companyId: number, kind: EntryKind, query: { period: string; since: number; client: string }): string {
  const params = new URLSearchParams({ period: query.period, since: String(query.since), client: query.client });
  return `${draftPath(companyId, kind)}/stream?${params.toString()}`;
}

/** Tells the others where this person is (fire and forget: the next announcement follows anyway). */
export function announcePresence(companyId: number, kind: EntryKind, body: { period: string; client: string; line: string | null }): void {
  void apiFetch(`${draftPath(companyId, kind)}/presence`, { method: "POST", body });
}
