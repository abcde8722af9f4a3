import "server-only";
import { z } from "zod";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { refuseDirectTransferWhenFrozen } from "@/lib/month-close/frozen";
import { companyFromParam, payrollRoute } from "@/lib/payroll/route-helpers";
import { DraftConflictError, loadEntryDraft, patchEntryDraft, saveEntryDraft } from "./drafts";
import { lastSuccessfulTransfer } from "./history";
import { ENTRY_KINDS } from "./kinds";
import { entryDraftBodySchema } from "./schemas";
import { notSent, transferEntries } from "./transfers";

/**
 * The handlers behind `app/api/payroll-entries/**`, in the envelope of lib/http/envelope.ts.
 * Extra codes: `period_changed` 409 with `period` (the company's payroll month moved on),
 * `draft_conflict` 409 (a patch not based on the stored draft: send it whole), `invalid` 422 with
 * `problems`, `refused` 422 with `problems`, `pay_run_in_progress` 409, `outcome_unknown` 502 with
 * `unknownTransfer`. A failure before the transfer's call (nothing sent) carries `sent: false`.
 */

const MAX_BODY = 8 * 1024 * 1024;
const transferBodySchema = z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), lines: z.unknown() }).strict();

const entryParams = z.object({ companyId: z.string(), kind: z.enum(ENTRY_KINDS) });

function periodChanged(period: string): ApiError {
  return new ApiError("period_changed", `The company's payroll month is now ${period}.`, { extra: { period } });
}

export const getDraft = payrollRoute({ params: entryParams }, async (context) => {
  const { kind } = context.params;
  const company = await companyFromParam(context, context.params.companyId);
  const draft = await loadEntryDraft({ connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind });
  return successResponse({ period: company.current_month, draft });
});

export const putDraft = payrollRoute({ params: entryParams, body: entryDraftBodySchema, maxBodyBytes: MAX_BODY }, async (context) => {
  const { kind } = context.params;
  const company = await companyFromParam(context, context.params.companyId);
  const body = context.body;
  if (body.period !== company.current_month) throw periodChanged(company.current_month);
  const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind };
  if ("lines" in body) return successResponse(await saveEntryDraft(key, body.lines));
  try {
    return successResponse(await patchEntryDraft(key, body.baseRevision, body.changes));
  } catch (error) {
    if (error instanceof DraftConflictError) throw new ApiError("draft_conflict", error.message);
    throw error;
  }
});

export const postTransfer = payrollRoute({ params: entryParams, body: transferBodySchema, maxBodyBytes: MAX_BODY }, async (context) => {
  const { kind } = context.params;
  // Failures before the send say so (`sent: false`, see notSent); transferEntries marks its own.
  const company = await companyFromParam(context, context.params.companyId).catch((error: unknown) => {
    throw notSent(error);
  });
  if (context.body.period !== company.current_month) throw periodChanged(company.current_month);
  await refuseDirectTransferWhenFrozen({ connectionId: context.connection.id, companyId: company.id, period: company.current_month }).catch((error: unknown) => {
    throw notSent(error);
  });
  const result = await transferEntries({
    connectionId: context.connection.id,
    userId: context.user.id,
    userName: context.user.displayName ?? context.user.email ?? context.user.id,
    client: context.client,
    company,
    kind,
    lines: context.body.lines,
  });
  switch (result.status) {
    case "succeeded": {
      const last = await lastSuccessfulTransfer(context.connection.id, company.id, company.current_month, kind);
      return successResponse({ transferId: result.transferId, receipt: result.receipt, lastTransfer: last && { id: last.id, createdAt: last.createdAt, lines: last.lines }, unknownTransfer: null });
    }
    case "invalid":
      throw new ApiError("invalid", "Some lines are not valid; nothing was sent.", { extra: { problems: result.problems } });
    case "refused":
      throw new ApiError("refused", undefined, { detail: result.message, extra: { serviceCode: result.code, problems: result.problems, transferId: result.transferId } });
    case "pay_run":
      throw new ApiError("pay_run_in_progress", undefined, { detail: result.message, extra: { transferId: result.transferId } });
    case "unknown":
      // The review compares with this one too: the service may hold it.
      throw new ApiError("outcome_unknown", undefined, {
        detail: result.message,
        extra: { transferId: result.transferId, unknownTransfer: { id: result.transferId, createdAt: result.createdAt, lines: result.lines } },
      });
  }
});
