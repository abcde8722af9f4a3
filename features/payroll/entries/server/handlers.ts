import "server-only";
import { auditActorOf } from "@/lib/audit/server/record";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { eventStreamResponse } from "@/lib/http/server/event-stream";
import { streamWithSlot } from "@/lib/http/server/stream-slots";
import { stillPermitted } from "@/features/payroll/server/access";
import { companyFromParam, payrollRoute } from "@/features/payroll/server/route-helpers";
import { loadEntryDraft, patchEntryDraft, saveEntryDraft } from "./drafts";
import { draftEventStream, publishDraftChange, publishPresence } from "./draft-stream";
import { entriesContract as contract } from "../contract";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/payroll/companies/[companyId]/entries/**`, in the envelope of
 * lib/http/envelope.ts.
 * Extra codes: `period_changed` 409 with `period` (the company's payroll month moved on),
 * `draft_conflict` 409 with `revision`, `lineRevisions` (what was written), `merged` (lines whose
 * other cells someone else changed, as stored now: `{ id, revision, employee_id, values }`, also
 * in a success) and `conflicts` (lines with cells someone else changed after the sender's copy of
 * them: `{ id, theirs: { revision, employee_id, values, by }, yours }`, values null when they
 * removed it, `by` their name or null, yours null when the save removed it), `invalid` 422 with
 * `problems`. Transfers are not here: a month is sent only by the month close's Transfer once
 * approved (features/month-close/server/handlers.ts), never by a grid of its own.
 */

const MAX_BODY = 8 * 1024 * 1024;

function periodChanged(period: string): ApiError {
  return new ApiError("period_changed", `The company's payroll month is now ${period}.`, { extra: { period } });
}

export const getEntriesDraft = payrollRoute(
  { ...contract.getDraft, permission: "payroll.read", own: "payroll.read_own" },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    const draft = await loadEntryDraft({
      connectionId: context.connection.id,
      companyId: company.id,
      period: company.current_month,
      kind,
    });
    return successResponse({ period: company.current_month, draft });
  },
);

export const putEntriesDraft = payrollRoute(
  { ...contract.saveDraft, permission: "payroll.edit", own: "payroll.enter_own", maxBodyBytes: MAX_BODY },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    const body = context.body;
    if (body.period !== company.current_month) throw periodChanged(company.current_month);
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind };
    const audit = auditActorOf(context.user);
    // The whole draft, last save wins: for seeding and tools; the grid sends changed lines with their bases.
    if ("lines" in body) {
      const whole = await saveEntryDraft(key, body.lines, audit);
      await publishDraftChange(key, whole.revision);
      return successResponse(whole);
    }
    const saved = await patchEntryDraft(key, body.changes, body.removed, audit);
    // Streams that sent this revision already ignore it.
    await publishDraftChange(key, saved.revision);
    if (saved.conflicts.length) {
      throw new ApiError("draft_conflict", "Someone else changed these lines meanwhile; the others were saved.", {
        extra: {
          revision: saved.revision,
          lineRevisions: saved.lineRevisions,
          merged: saved.merged,
          conflicts: saved.conflicts,
        },
      });
    }
    return successResponse({
      revision: saved.revision,
      updatedAt: saved.updatedAt,
      lineRevisions: saved.lineRevisions,
      merged: saved.merged,
    });
  },
);

function displayName(user: { displayName: string | null; email: string | null; id: string }): string {
  return user.displayName ?? user.email ?? user.id;
}

/** The draft's changes and the others' presence as server-sent events (features/payroll/entries/server/draft-stream.ts). */
export const getDraftStream = payrollRoute(
  { ...contract.stream, permission: "payroll.read", own: "payroll.read_own" },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    const query = context.query;
    if (query.period !== company.current_month) throw periodChanged(company.current_month);
    // A reconnecting EventSource names the last revision it saw.
    const lastEventId = Number(context.request.headers.get("last-event-id") ?? Number.NaN);
    const since = Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : query.since;
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind };
    const userId = context.user.id;
    // A client's stream ends once their company is taken from them, like anyone's once their role is.
    const own = { permission: "payroll.read_own" as const, companyId: company.id };
    const access = { userId, allowed: () => stillPermitted(userId, key.connectionId, "payroll.read", own) };
    // At most 10 open streams per person, the notification count's included (lib/http/server/stream-slots.ts).
    const stream = streamWithSlot(userId, context.request.signal, () =>
      draftEventStream({
        key,
        since,
        client: query.client,
        name: displayName(context.user),
        signal: context.request.signal,
        access,
      }),
    );
    return eventStreamResponse(stream);
  },
);

/** Where the person is in the grid, for the others' "also here" (ephemeral: never stored). */
export const postPresence = payrollRoute(
  { ...contract.announcePresence, permission: "payroll.read", own: "payroll.read_own" },
  async (context) => {
    const { kind } = context.params;
    const company = await companyFromParam(context, context.params.companyId);
    if (context.body.period !== company.current_month) throw periodChanged(company.current_month);
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind };
    await publishPresence(key, {
      client: context.body.client,
      name: displayName(context.user),
      line: context.body.line,
    });
    return successResponse({});
  },
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const entriesHandlers = {
  getDraft: getEntriesDraft,
  saveDraft: putEntriesDraft,
  announcePresence: postPresence,
  stream: getDraftStream,
} satisfies RouteHandlers<typeof contract>;
