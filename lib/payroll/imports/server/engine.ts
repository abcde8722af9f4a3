import "server-only";
import { backoffMs } from "@/lib/http/retry";
import { randomUUID } from "node:crypto";
import { importedEmployeesStatement } from "@/lib/payroll/employees/server/audit";
import { getDb } from "@/lib/db/client";
import type { PayrollImportRowState } from "@/lib/db/generated/client";
import type { PayrollClient } from "../../server/payroll-service";
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
import { newEmployeeSchema, type Employee } from "../../schemas";
import { readStoredJson } from "../../stored-json";

/**
 * Runs one bulk import: creates its pending rows' employees one call each, in row order.
 *
 * Exactly once, whatever fails: a row is marked `sending` (durably) before its call may go
 * out, and after any failure that leaves open whether the service stored the employee (no
 * answer, a dropped connection, a 5xx) the company's employees are read before anything is
 * sent again. A worker that dies leaves `sending` rows; whoever takes the import over reads the
 * list first and settles them. Only the lease holder works on an import.
 */

export const LEASE_MS = 15_000;
const HEARTBEAT_MS = 3_000;
const STATUS_CHECK_MS = 250;
const BATCH = 100;
/** Create calls per row before it is reported as failed. */
const MAX_ATTEMPTS = 12;

export interface EngineDeps {
  clientFor(connectionId: string): Promise<PayrollClient>;
  sleep(ms: number): Promise<void>;
}

interface Outcome {
  rowNumber: number;
  state: PayrollImportRowState;
  attempts: number;
  message?: string;
  issues?: unknown;
}

/** A stored row that no longer parses (logged by readStoredJson) is not sent; the report shows it failed. */
function unreadableRow(row: { rowNumber: number; attempts: number }): Outcome {
  return { rowNumber: row.rowNumber, state: "failed", attempts: row.attempts, message: "The stored row could not be read." };
}

class LeaseLost extends Error {}
/** The import cannot go on (the key was refused, the company is gone); `reason` is the error's API code, shown translated. */
class ImportStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Takes the import's lease when it is running and nobody holds a live lease; null otherwise. */
async function claim(importId: string, owner: string): Promise<{ connectionId: string; companyId: number } | null> {
  const rows = await getDb().$queryRaw<{ connection_id: string; company_id: number }[]>`
    UPDATE payroll_imports SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now(),
      started_at = COALESCE(started_at, now())
    WHERE id = ${importId}::uuid AND status = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})
    RETURNING connection_id, company_id`;
  const row = rows[0];
  return row ? { connectionId: row.connection_id, companyId: row.company_id } : null;
}

/** Renews the lease; false when it was lost or the import was paused or cancelled. */
async function renew(importId: string, owner: string): Promise<boolean> {
  const count = await getDb().$executeRaw`
    UPDATE payroll_imports SET lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
    WHERE id = ${importId}::uuid AND lease_owner = ${owner} AND status = 'running'`;
  return count === 1;
}

async function release(
  importId: string,
  owner: string,
  patch: { status?: "completed" | "paused"; lastError?: string } = {},
): Promise<void> {
  await getDb().payrollImport.updateMany({
    where: { id: importId, leaseOwner: owner },
    data: {
      leaseOwner: null,
      leaseUntil: null,
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.status === "completed" ? { finishedAt: new Date() } : {}),
      ...(patch.lastError !== undefined ? { lastError: patch.lastError } : {}),
    },
  });
}

function sameEmployee(found: Employee, sent: NewEmployee): boolean {
  return (
    found.first_name === sent.first_name && found.last_name === sent.last_name && found.address.postal_code === sent.address.postal_code
  );
}

async function saveOutcomes(importId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const db = getDb();
  const plain = outcomes.filter((outcome) => outcome.message === undefined && outcome.issues === undefined);
  const detailed = outcomes.filter((outcome) => !plain.includes(outcome));
  const groups = new Map<string, number[]>();
  for (const outcome of plain) {
    const key = `${outcome.state}|${outcome.attempts}`;
    groups.set(key, [...(groups.get(key) ?? []), outcome.rowNumber]);
  }
  const created = outcomes.filter((outcome) => outcome.state === "created").map((outcome) => outcome.rowNumber);
  await db.$transaction([
    // Audit trail: the employees created, with their rows' new state.
    ...(created.length ? [importedEmployeesStatement(db, importId, created)] : []),
    ...[...groups].map(([key, rowNumbers]) => {
      const [state, attempts] = key.split("|") as [PayrollImportRowState, string];
      return db.payrollImportRow.updateMany({
        where: { importId, rowNumber: { in: rowNumbers } },
        data: { state, attempts: Number(attempts) },
      });
    }),
    ...detailed.map((outcome) =>
      db.payrollImportRow.update({
        where: { importId_rowNumber: { importId, rowNumber: outcome.rowNumber } },
        data: {
          state: outcome.state,
          attempts: outcome.attempts,
          message: outcome.message ?? null,
          issues: (outcome.issues ?? undefined) as object | undefined,
        },
      }),
    ),
  ]);
}

/** Rows marked `sending` whose call never started go back to pending, while the lease is still ours. */
async function returnUnsent(importId: string, owner: string, rowNumbers: number[]): Promise<void> {
  await getDb().$executeRaw`
    UPDATE payroll_import_rows SET state = 'pending'
    WHERE import_id = ${importId}::uuid AND state = 'sending' AND row_number = ANY(${rowNumbers}::int[])
      AND EXISTS (SELECT 1 FROM payroll_imports WHERE id = ${importId}::uuid AND lease_owner = ${owner})`;
}

/** Settles rows left `sending` by a worker that stopped: created if the service has them, else pending again. */
async function settleSendingRows(importId: string, companyId: number, client: PayrollClient): Promise<void> {
  const sending = await getDb().payrollImportRow.findMany({
    where: { importId, state: "sending" },
    select: { rowNumber: true, employeeId: true, payload: true, attempts: true },
  });
  if (sending.length === 0) return;
  const existing = new Map((await client.listEmployees(companyId)).map((employee) => [employee.id, employee]));
  const outcomes: Outcome[] = sending.map((row) => {
    const found = existing.get(row.employeeId);
    if (!found) return { rowNumber: row.rowNumber, state: "pending", attempts: row.attempts };
    const payload = readStoredJson(newEmployeeSchema, row.payload, `payroll_import_rows of import ${importId} row ${row.rowNumber}`);
    if (!payload) return unreadableRow(row);
    if (sameEmployee(found, payload)) return { rowNumber: row.rowNumber, state: "created", attempts: row.attempts };
    return { rowNumber: row.rowNumber, state: "in_use", attempts: row.attempts, message: "The id was already in use by another employee." };
  });
  await saveOutcomes(importId, outcomes);
}

interface RowContext {
  client: PayrollClient;
  companyId: number;
  deps: EngineDeps;
  alive: () => boolean;
}

/** One row: created, refused, in use, or failed after retries; never sent again once stored. */
async function importRow(
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
        if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError) throw new ImportStopped(error.apiCode);
        await deps.sleep(backoff(round));
        continue;
      }
      const found = employees.find((employee) => employee.id === row.employeeId);
      if (found && sameEmployee(found, row.payload)) return { rowNumber: row.rowNumber, state: "created", attempts };
      if (found) return { rowNumber: row.rowNumber, state: "in_use", attempts, message: "The id was already in use by another employee." };
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
          if (found && sameEmployee(found, row.payload)) return { rowNumber: row.rowNumber, state: "created", attempts };
        }
        return { rowNumber: row.rowNumber, state: "in_use", attempts, message: error.message, issues: error.issues };
      }
      if (error instanceof PayrollValidationError)
        return { rowNumber: row.rowNumber, state: "refused", attempts, message: error.message, issues: error.issues };
      if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError) throw new ImportStopped(error.apiCode);
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
  return { rowNumber: row.rowNumber, state: "failed", attempts, message: lastError || "The service did not accept the employee." };
}

/** The stored employee with this id, read from the company's list (a few tries); undefined when absent or unreadable. */
async function storedEmployee(employeeId: number, context: RowContext): Promise<Employee | undefined> {
  for (let round = 0; round < LIST_TRIES; round += 1) {
    if (!context.alive()) throw new LeaseLost();
    try {
      return (await context.client.listEmployees(context.companyId)).find((employee) => employee.id === employeeId);
    } catch (error) {
      if (error instanceof PayrollUnauthorizedError || error instanceof PayrollNotFoundError) throw new ImportStopped(error.apiCode);
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

/** Works on the import until it is done, paused, cancelled, or its lease is lost. */
export async function runImport(importId: string, deps: EngineDeps): Promise<"completed" | "stopped" | "not_claimed"> {
  const owner = randomUUID();
  const claimed = await claim(importId, owner);
  if (!claimed) return "not_claimed";
  let alive = true;
  const heartbeat = setInterval(() => {
    renew(importId, owner).then(
      (held) => {
        if (!held) alive = false;
      },
      () => {},
    );
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    const client = await deps.clientFor(claimed.connectionId);
    await settleSendingRows(importId, claimed.companyId, client);
    const context: RowContext = { client, companyId: claimed.companyId, deps, alive: () => alive };
    const pending = await getDb().payrollImportRow.findMany({
      where: { importId, state: "pending" },
      orderBy: { rowNumber: "asc" },
      select: { rowNumber: true, employeeId: true, payload: true, attempts: true },
    });
    // Database writes overlap the calls: the next batch is marked `sending` and the last batch's
    // outcomes are stored while this batch's calls go out. Only "marked before sent" is required.
    const batches: (typeof pending)[] = [];
    for (let start = 0; start < pending.length; start += BATCH) batches.push(pending.slice(start, start + BATCH));
    const markSending = (batch: typeof pending | undefined) =>
      batch
        ? getDb()
            .payrollImportRow.updateMany({
              where: { importId, state: "pending", rowNumber: { in: batch.map((row) => row.rowNumber) } },
              data: { state: "sending" },
            })
            .then(() => undefined)
        : Promise.resolve();
    const saves: Promise<void>[] = [];
    const save = (outcomes: Outcome[]) => {
      const saving = saveOutcomes(importId, outcomes);
      saving.catch(() => {});
      saves.push(saving);
    };
    let marking = markSending(batches[0]);
    let unsent: number[] = [];
    let lastCheck = Date.now();
    for (let index = 0; index < batches.length; index += 1) {
      const batch = batches[index]!;
      await marking;
      const next = batches[index + 1];
      marking = markSending(next);
      marking.catch(() => {});
      const outcomes: Outcome[] = [];
      let position = 0;
      try {
        for (; position < batch.length && alive; position += 1) {
          if (Date.now() - lastCheck > STATUS_CHECK_MS) {
            // A pause takes effect before the next row, within a quarter second.
            lastCheck = Date.now();
            if (!(await renew(importId, owner))) alive = false;
            if (!alive) break;
          }
          const row = batch[position]!;
          const payload = readStoredJson(newEmployeeSchema, row.payload, `payroll_import_rows of import ${importId} row ${row.rowNumber}`);
          outcomes.push(payload ? await importRow({ ...row, payload }, context) : unreadableRow(row));
        }
      } catch (error) {
        // The interrupted row stays `sending`: whoever resumes reads the list before sending it again.
        save(outcomes);
        await Promise.allSettled([...saves, marking]);
        throw error;
      }
      save(outcomes);
      if (!alive) {
        unsent = [...batch.slice(position), ...(next ?? [])].map((row) => row.rowNumber);
        break;
      }
    }
    await marking;
    await Promise.all(saves);
    if (unsent.length) await returnUnsent(importId, owner, unsent);
    if (!alive || !(await renew(importId, owner))) return "stopped";
    const open = await getDb().payrollImportRow.count({ where: { importId, state: { in: ["pending", "sending"] } } });
    if (open > 0) return "stopped"; // left for the next run (the sweeper hands the import out again)
    await release(importId, owner, { status: "completed" });
    return "completed";
  } catch (error) {
    if (error instanceof LeaseLost) return "stopped";
    if (error instanceof ImportStopped) {
      await release(importId, owner, { status: "paused", lastError: error.reason });
      return "stopped";
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
    await release(importId, owner).catch(() => {});
  }
}
