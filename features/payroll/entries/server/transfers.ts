import "server-only";
import type { PayrollClient, TransferReceipt } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { isAmbiguousFailure, PayrollPayRunInProgressError, PayrollValidationError } from "@/features/payroll/errors";
import { recordTransfer } from "./audit";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { ApiError, toApiError } from "@/lib/http/api-error";
import type { PayrollTransferOutcome } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "../kinds";
import { storedLinesSchema, transferSchema } from "../schemas";
import { totalOf } from "../totals";
import { log } from "@/lib/log/logger";

/** The error code of a history row written before its call went out, until the answer is recorded. */
export const SENDING = "SENDING";

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
  | { status: "unknown"; transferId: string; createdAt: Date; lines: StoredLine[]; message: string }
  /**
   * The service answered (`answer`) but the app could not record it (its row stayed locked through
   * every attempt): the history row still says unknown; a re-read of the service records it later.
   */
  | { status: "unrecorded"; transferId: string; answer: PayrollTransferOutcome; message: string };

/** How often and how long recording a transfer's outcome is tried (a locked row waits, then is tried again). */
export interface RecordingPolicy {
  attempts: number;
  /** Postgres `lock_timeout` of each attempt. */
  lockTimeoutMs: number;
  pauseMs: number;
}

/** Covers a row held for about 10 s (three attempts of 3 s with 1 s between), within the request. */
const RECORDING: RecordingPolicy = { attempts: 3, lockTimeoutMs: 3_000, pauseMs: 1_000 };

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
  /**
   * Called with the history row (written as unknown before the call goes out, so a process that
   * dies while sending leaves it) and the payload exactly as it is sent; a failure stops the send.
   */
  onSending?: (transferId: string, payload: readonly object[]) => Promise<void>;
  recording?: RecordingPolicy;
  sealedMonthId?: string | null; // the month's sealed version the lines are (features/month-close/sealing)
}

/** Our schema's issues: path `[index, "values", field]` or `[index, "employee_id"]`. */
function problemsFromZod(
  lines: readonly StoredLine[],
  issues: readonly { path: PropertyKey[]; message: string }[],
): LineProblem[] {
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
  return new ApiError(api.code, api.message, {
    detail: api.detail,
    fields: api.fields,
    extra: { ...api.extra, sent: false },
  });
}

/**
 * Sends the complete set once (never retried: a transfer replaces the month, and only the
 * person decides to send again) and records it with its outcome. Lines are validated with the
 * shared schemas first; an invalid set is not sent and not recorded.
 */
export async function transferEntries(request: TransferRequest): Promise<TransferResult> {
  const { client, company, kind } = request;
  const stored = storedLinesSchema.safeParse(request.lines);
  if (!stored.success)
    return {
      status: "invalid",
      problems: [{ lineId: null, field: null, code: "invalid", message: "The lines are not in the expected form." }],
    };
  const lines = stored.data;
  // Read before anything is sent: when this fails, nothing reached the service.
  const employees = await client.listEmployees(company.id).catch((error: unknown) => {
    throw notSent(error);
  });
  const context = {
    companyId: company.id,
    month: company.current_month,
    employeeIds: new Set(employees.map((employee) => employee.id)),
  };
  const parsed = transferSchema(kind, context).safeParse(lines);
  if (!parsed.success) return { status: "invalid", problems: problemsFromZod(lines, parsed.error.issues) };

  // The history row before anything is sent: unknown until the answer is recorded.
  const pending = await getDb()
    .payrollEntryTransfer.create({
      data: {
        connectionId: request.connectionId,
        companyId: company.id,
        period: company.current_month,
        kind,
        userId: request.userId,
        userName: request.userName,
        outcome: "unknown",
        lines: lines as object[],
        lineCount: lines.length,
        totalCents: totalOf(kind, company.current_month, lines),
        errorCode: SENDING,
        errorMessage: "Sent; the answer is not recorded yet.",
        sealedMonthId: request.sealedMonthId ?? null,
      },
      select: { id: true, createdAt: true, lineCount: true, totalCents: true },
    })
    .catch((error: unknown) => {
      throw notSent(error);
    });
  try {
    await request.onSending?.(pending.id, parsed.data);
  } catch (error) {
    await getDb()
      .payrollEntryTransfer.delete({ where: { id: pending.id } })
      .catch(() => undefined);
    throw notSent(error);
  }

  const policy = request.recording ?? RECORDING;
  /** The answer on the history row and in the audit trail (one transaction), tried again while the row is locked. */
  const record = async (
    outcome: PayrollTransferOutcome,
    extra: { errorCode?: string; errorMessage?: string; issues?: LineProblem[] } = {},
  ): Promise<{ id: string; createdAt: Date } | null> => {
    for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
      try {
        await getDb().$transaction(
          async (tx) => {
            await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${Math.round(policy.lockTimeoutMs)}ms'`);
            await tx.payrollEntryTransfer.update({
              where: { id: pending.id },
              data: {
                outcome,
                errorCode: extra.errorCode ?? null,
                errorMessage: extra.errorMessage ?? null,
                issues: extra.issues ? (extra.issues as object[]) : undefined,
              },
              select: { id: true },
            });
            // Audit trail: what was sent and how it ended, with the transfer's row.
            // The row's `totalCents` holds a euro decimal ("505.50", see totalOf): the trail names it so.
            const { createdAt: _createdAt, totalCents: totalEuros, ...sent } = pending;
            await recordTransfer(tx, request.audit, {
              companyId: company.id,
              period: company.current_month,
              kind,
              transferId: pending.id,
              outcome,
              lines,
              ...sent,
              totalEuros,
              ...extra,
            });
          },
          { timeout: policy.lockTimeoutMs * 2 + 5_000, maxWait: policy.lockTimeoutMs + 5_000 },
        );
        return { id: pending.id, createdAt: pending.createdAt };
      } catch (error) {
        log.warn(
          { transferId: pending.id, try: attempt, of: policy.attempts, error: (error as Error).name },
          "transfers: recording a transfer failed",
        );
        if (attempt < policy.attempts) await new Promise((resolve) => setTimeout(resolve, policy.pauseMs));
      }
    }
    return null;
  };
  const unrecorded = (answer: PayrollTransferOutcome): TransferResult => ({
    status: "unrecorded",
    transferId: pending.id,
    answer,
    message: "The payroll service answered, but the answer could not be recorded here.",
  });

  let receipt: TransferReceipt;
  try {
    receipt =
      kind === "hours"
        ? await client.transferHourlyCompensations(company.id, parsed.data)
        : await client.transferFurtherPayments(company.id, parsed.data);
  } catch (error) {
    return settleFailure(error);
  }
  return (await record("succeeded"))
    ? { status: "succeeded", transferId: pending.id, receipt }
    : unrecorded("succeeded");

  async function settleFailure(error: unknown): Promise<TransferResult> {
    if (error instanceof PayrollPayRunInProgressError) {
      if (!(await record("pay_run", { errorCode: error.code, errorMessage: error.message })))
        return unrecorded("pay_run");
      return { status: "pay_run", transferId: pending.id, message: error.message };
    }
    if (error instanceof PayrollValidationError) {
      const problems = error.issues.map((issue) => ({
        lineId: issue.index === undefined ? null : (lines[issue.index]?.id ?? null),
        field: issue.field ?? null,
        code: issue.code,
        message: issue.message,
      }));
      if (!(await record("refused", { errorCode: error.code, errorMessage: error.message, issues: problems })))
        return unrecorded("refused");
      return { status: "refused", transferId: pending.id, code: error.code, message: error.message, problems };
    }
    if (isAmbiguousFailure(error)) {
      const message = error instanceof Error ? error.message : "No answer.";
      // The row already says unknown: recording the reason may fail without changing what is known.
      await record("unknown", { errorCode: "NO_CLEAR_ANSWER", errorMessage: message });
      return { status: "unknown", transferId: pending.id, createdAt: pending.createdAt, lines, message };
    }
    // Surely not stored (the client says so for everything but the cases above): no history row.
    await getDb()
      .payrollEntryTransfer.delete({ where: { id: pending.id } })
      .catch(() => undefined);
    throw error;
  }
}
