import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { companyFromParam, failure, json, readJson, withPayroll } from "@/lib/payroll/route-helpers";
import { DraftConflictError, loadEntryDraft, patchEntryDraft, saveEntryDraft } from "./drafts";
import { lastSuccessfulTransfer } from "./history";
import { isEntryKind, type EntryKind } from "./kinds";
import { storedLinesSchema } from "./schemas";
import { transferEntries } from "./transfers";

/**
 * The handlers behind `app/api/payroll-entries/**`. Answers follow `/api/payroll/*`:
 * `{ ok: true, ... }` or `{ ok: false, error: { code, message, ... } }`. Extra codes:
 * `period_changed` 409 (the company's payroll month moved on), `draft_conflict` 409 (a patch not
 * based on the stored draft: send it whole), `invalid` 422 with `problems`,
 * `refused` 422 with `problems`, `pay_run_in_progress` 409, `outcome_unknown` 502.
 */

const MAX_BODY = 8 * 1024 * 1024;
/** A whole draft, or the lines changed since `baseRevision`. */
const draftBodySchema = z.union([
  z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), lines: storedLinesSchema }).strict(),
  z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), baseRevision: z.number().int().positive(), changes: storedLinesSchema }).strict(),
]);
const transferBodySchema = z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), lines: z.unknown() }).strict();

function kindOf(value: string): EntryKind | null {
  return isEntryKind(value) ? value : null;
}

export function getDraft(request: NextRequest, companyId: string, kindParam: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const kind = kindOf(kindParam);
    if (!kind) return failure(404, "not_found", "Unknown kind of entries.");
    const company = await companyFromParam(context, companyId);
    const draft = await loadEntryDraft({ connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind });
    return json(200, { period: company.current_month, draft });
  });
}

export function putDraft(request: NextRequest, companyId: string, kindParam: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const kind = kindOf(kindParam);
    if (!kind) return failure(404, "not_found", "Unknown kind of entries.");
    const company = await companyFromParam(context, companyId);
    const parsed = draftBodySchema.safeParse(await readJson(request, MAX_BODY));
    if (!parsed.success) return failure(422, "invalid", "The draft is not in the expected form.");
    if (parsed.data.period !== company.current_month) return failure(409, "period_changed", `The company's payroll month is now ${company.current_month}.`, { period: company.current_month });
    const key = { connectionId: context.connection.id, companyId: company.id, period: company.current_month, kind };
    if ("lines" in parsed.data) return json(200, await saveEntryDraft(key, parsed.data.lines));
    try {
      return json(200, await patchEntryDraft(key, parsed.data.baseRevision, parsed.data.changes));
    } catch (error) {
      if (error instanceof DraftConflictError) return failure(409, "draft_conflict", error.message);
      throw error;
    }
  });
}

export function postTransfer(request: NextRequest, companyId: string, kindParam: string): Promise<Response> {
  return withPayroll(request, async (context) => {
    const kind = kindOf(kindParam);
    if (!kind) return failure(404, "not_found", "Unknown kind of entries.");
    const company = await companyFromParam(context, companyId);
    const parsed = transferBodySchema.safeParse(await readJson(request, MAX_BODY));
    if (!parsed.success) return failure(422, "invalid", "The transfer is not in the expected form.", { problems: [] });
    if (parsed.data.period !== company.current_month) return failure(409, "period_changed", `The company's payroll month is now ${company.current_month}.`, { period: company.current_month });
    const result = await transferEntries({
      connectionId: context.connection.id,
      userId: context.user.id,
      userName: context.user.displayName ?? context.user.email ?? context.user.id,
      client: context.client,
      company,
      kind,
      lines: parsed.data.lines,
    });
    switch (result.status) {
      case "succeeded": {
        const last = await lastSuccessfulTransfer(context.connection.id, company.id, company.current_month, kind);
        return json(200, { transferId: result.transferId, receipt: result.receipt, lastTransfer: last && { id: last.id, createdAt: last.createdAt, lines: last.lines } });
      }
      case "invalid":
        return failure(422, "invalid", "Some lines are not valid; nothing was sent.", { problems: result.problems });
      case "refused":
        return failure(422, "refused", result.message, { serviceCode: result.code, problems: result.problems, transferId: result.transferId });
      case "pay_run":
        return failure(409, "pay_run_in_progress", result.message, { transferId: result.transferId });
      case "unknown":
        return failure(502, "outcome_unknown", result.message, { transferId: result.transferId });
    }
  });
}
