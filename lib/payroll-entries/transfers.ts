import "server-only";
import type { PayrollClient, TransferReceipt } from "@/lib/payroll/client";
import type { CompanyRecord } from "@/lib/payroll/companies";
import { isAmbiguousFailure, PayrollPayRunInProgressError, PayrollValidationError } from "@/lib/payroll/errors";
import { recordTransfer } from "@/lib/audit/payroll";
import type { AuditActor } from "@/lib/audit/record";
import { getDb } from "@/lib/db/client";
import { ApiError, toApiError } from "@/lib/http/api-error";
import type { PayrollTransferOutcome } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "./kinds";
import { storedLinesSchema, transferSchema } from "./schemas";
import { totalOf } from "./totals";

/** A problem at one line (by grid id) and field, from our schemas or from the service. */
export interface LineProblem {
  lineId: string | null;
  field: string | null;
  code: string;
  message: string;
}

export type TransferResult =
  | { status: "succeeded"; transferId: string; receipt: TransferReceipt }
  | { status: "invalid"; problems: LineProblem[] }
  | { status: "refused"; transferId: string; code: string; message: string; problems: LineProblem[] }
  | { status: "pay_run"; transferId: string; message: string }
  | { status: "unknown"; transferId: string; createdAt: Date; lines: StoredLine[]; message: string };

export interface TransferRequest {
  connectionId: string;
  userId: string;
  userName: string;
  client: PayrollClient;
  company: CompanyRecord;
  kind: EntryKind;
  lines: unknown;
  /** Who is recorded in the audit trail as sending it (null: not recorded). */
  audit: AuditActor | null;
}

/** Our schema's issues: path `[index, "values", field]` or `[index, "employee_id"]`. */
function problemsFromZod(lines: readonly StoredLine[], issues: readonly { path: PropertyKey[]; message: string }[]): LineProblem[] {
  return issues.map((issue) => {
    const [index, part, field] = issue.path;
    const line = typeof index === "number" ? lines[index] : undefined;
    const fieldName = part === "values" ? String(field ?? "") : typeof part === "string" ? part : null;
    return { lineId: line?.id ?? null, field: fieldName, code: issue.message, message: issue.message };
  });
}

/**
 * A failure before the transfer's call went out: the answer keeps its code and adds `sent: false`,
 * so the browser says "not sent, nothing changed" instead of "outcome unknown".
 */
export function notSent(error: unknown): ApiError {
  const api = toApiError(error);
  return new ApiError(api.code, api.message, { detail: api.detail, fields: api.fields, extra: { ...api.extra, sent: false } });
}

/**
 * Sends the complete set once (never retried: a transfer replaces the month, and only the
 * person decides to send again) and records it with its outcome. Lines are validated with the
 * shared schemas first; an invalid set is not sent and not recorded.
 */
export async function transferEntries(request: TransferRequest): Promise<TransferResult> {
  const { client, company, kind } = request;
  const stored = storedLinesSchema.safeParse(request.lines);
  if (!stored.success) return { status: "invalid", problems: [{ lineId: null, field: null, code: "invalid", message: "The lines are not in the expected form." }] };
  const lines = stored.data;
  // Read before anything is sent: when this fails, nothing reached the service.
  const employees = await client.listEmployees(company.id).catch((error: unknown) => {
    throw notSent(error);
  });
  const context = { companyId: company.id, month: company.current_month, employeeIds: new Set(employees.map((employee) => employee.id)) };
  const parsed = transferSchema(kind, context).safeParse(lines);
  if (!parsed.success) return { status: "invalid", problems: problemsFromZod(lines, parsed.error.issues) };

  const record = (outcome: PayrollTransferOutcome, extra: { errorCode?: string; errorMessage?: string; issues?: LineProblem[] } = {}) =>
    getDb().$transaction(async (tx) => {
      const transfer = await tx.payrollEntryTransfer.create({
      data: {
        connectionId: request.connectionId,
        companyId: company.id,
        period: company.current_month,
        kind,
        userId: request.userId,
        userName: request.userName,
        outcome,
        lines: lines as object[],
        lineCount: lines.length,
        totalCents: totalOf(kind, company.current_month, lines),
        errorCode: extra.errorCode ?? null,
        errorMessage: extra.errorMessage ?? null,
        issues: extra.issues ? (extra.issues as object[]) : undefined,
      },
      select: { id: true, createdAt: true, lineCount: true, totalCents: true },
    });
      // Audit trail: what was sent and how it ended, with the transfer's row.
      // The row's `totalCents` holds a euro decimal ("505.50", see totalOf): the trail names it so.
      const { createdAt, totalCents: totalEuros, ...sent } = transfer;
      await recordTransfer(tx, request.audit, { companyId: company.id, period: company.current_month, kind, transferId: transfer.id, outcome, lines, ...sent, totalEuros, ...extra });
      return { id: transfer.id, createdAt };
    });

  try {
    const receipt = kind === "hours" ? await client.transferHourlyCompensations(company.id, parsed.data) : await client.transferFurtherPayments(company.id, parsed.data);
    const { id } = await record("succeeded");
    return { status: "succeeded", transferId: id, receipt };
  } catch (error) {
    if (error instanceof PayrollPayRunInProgressError) {
      const { id } = await record("pay_run", { errorCode: error.code, errorMessage: error.message });
      return { status: "pay_run", transferId: id, message: error.message };
    }
    if (error instanceof PayrollValidationError) {
      const problems = error.issues.map((issue) => ({
        lineId: issue.index === undefined ? null : (lines[issue.index]?.id ?? null),
        field: issue.field ?? null,
        code: issue.code,
        message: issue.message,
      }));
      const { id } = await record("refused", { errorCode: error.code, errorMessage: error.message, issues: problems });
      return { status: "refused", transferId: id, code: error.code, message: error.message, problems };
    }
    if (isAmbiguousFailure(error)) {
      const message = error instanceof Error ? error.message : "No answer.";
      const { id, createdAt } = await record("unknown", { errorCode: "NO_CLEAR_ANSWER", errorMessage: message });
      return { status: "unknown", transferId: id, createdAt, lines, message };
    }
    throw error;
  }
}
