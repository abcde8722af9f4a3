import "server-only";
import { backoffMs } from "@/lib/http/retry";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { NewEmployee } from "../../employees/employee-schema";
import {
  isAmbiguousFailure,
  PayrollError,
  PayrollIdInUseError,
  PayrollNotFoundError,
  PayrollRateLimitedError,
  PayrollUnauthorizedError,
  PayrollValidationError,
} from "../../errors";
import type { Employee } from "../../upstream/schemas";
import { sameEmployee, type Outcome } from "./row-outcomes";

/**
 * One import row's create calls: retried with backoff, and after any answer that leaves open
 * whether the service stored the employee, the company's employees are read before the row is
 * sent again.
 */

/** Create calls per row before it is reported as failed. */
const MAX_ATTEMPTS = 12;

/** The lease was lost (not renewed in time, or the import was paused or cancelled): stop at once. */
export class LeaseLost extends Error {}
/** The import cannot go on (the key was refused, the company is gone); `reason` is the error's API code, shown translated. */
export class ImportStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface RowContext {
  client: PayrollClient;
  companyId: number;
  deps: { sleep(ms: number): Promise<void> };
  alive: () => boolean;
}

/** One row: created, refused, in use, or failed after retries; never sent again once stored. */
export async function importRow(
  row: { rowNumber: number; employeeId: number; payload: NewEmployee; attempts: number },
  context: RowContext,
): Promise<Outcome> {
  const { client, companyId, deps } = context;
  let attempts = row.attempts;
  let uncertain = attempts > 0;
  // Whether an earlier call for this row ended without a clear answer (no answer, dropped, 5xx):
  // the service may have stored it after we stopped waiting, even when a list read missed it.
  let answeredUnclearly = attempts > 0;
  let lastError = "";
  for (let round = 0; round < MAX_ATTEMPTS * 2; round += 1) {
    if (!context.alive()) throw new LeaseLost();
    if (uncertain) {
      let employees: Employee[];
      try {
        employees = await client.listEmployees(companyId);
      } catch (error) {
        if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError)
          throw new ImportStopped(error.apiCode);
        await deps.sleep(backoff(round));
        continue;
      }
      const found = employees.find((employee) => employee.id === row.employeeId);
      if (found && sameEmployee(found, row.payload)) return { rowNumber: row.rowNumber, state: "created", attempts };
      if (found)
        return {
          rowNumber: row.rowNumber,
          state: "in_use",
          attempts,
          message: "The id was already in use by another employee.",
        };
      uncertain = false;
    }
    if (attempts >= MAX_ATTEMPTS) break;
    attempts += 1;
    try {
      await client.createEmployee(companyId, row.payload);
      return { rowNumber: row.rowNumber, state: "created", attempts };
    } catch (error) {
      if (error instanceof PayrollIdInUseError) {
        // The id may be held by our own earlier call: then the row was created, not refused.
        if (answeredUnclearly) {
          const found = await storedEmployee(row.employeeId, context);
          if (found && sameEmployee(found, row.payload))
            return { rowNumber: row.rowNumber, state: "created", attempts };
        }
        return { rowNumber: row.rowNumber, state: "in_use", attempts, message: error.message, issues: error.issues };
      }
      if (error instanceof PayrollValidationError)
        return { rowNumber: row.rowNumber, state: "refused", attempts, message: error.message, issues: error.issues };
      if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError)
        throw new ImportStopped(error.apiCode);
      if (error instanceof PayrollRateLimitedError) {
        await deps.sleep(error.retryAfterMs ?? backoff(round));
        continue;
      }
      if (!isAmbiguousFailure(error) && !(error instanceof PayrollError)) throw error;
      lastError = (error as Error).message;
      uncertain = isAmbiguousFailure(error);
      if (uncertain) answeredUnclearly = true;
      await deps.sleep(backoff(round));
    }
  }
  return {
    rowNumber: row.rowNumber,
    state: "failed",
    attempts,
    message: lastError || "The service did not accept the employee.",
  };
}

/** The stored employee with this id, read from the company's list (a few tries); undefined when absent or unreadable. */
async function storedEmployee(employeeId: number, context: RowContext): Promise<Employee | undefined> {
  for (let round = 0; round < LIST_TRIES; round += 1) {
    if (!context.alive()) throw new LeaseLost();
    try {
      return (await context.client.listEmployees(context.companyId)).find((employee) => employee.id === employeeId);
    } catch (error) {
      if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError)
        throw new ImportStopped(error.apiCode);
      await context.deps.sleep(backoff(round));
    }
  }
  return undefined;
}
const LIST_TRIES = 5;

/** The retry core's backoff (lib/http/retry.ts): from 50 ms, doubling, at most 2 s. */
function backoff(round: number): number {
  return backoffMs(round + 1, IMPORT_BACKOFF);
}
const IMPORT_BACKOFF = { baseDelayMs: 50, maxDelayMs: 2_000 };
