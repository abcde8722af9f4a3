import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { newEmployeeSchema } from "../../upstream/schemas";
import { readStoredJson } from "../../stored-json";
import { claim, release, renew } from "./import-lease";
import { ImportStopped, importRow, LeaseLost, type RowContext } from "./import-row";
import { returnUnsent, saveOutcomes, settleSendingRows, unreadableRow, type Outcome } from "./row-outcomes";

/**
 * Runs one bulk import: creates its pending rows' employees one call each, in row order.
 *
 * Exactly once, whatever fails: a row is marked `sending` (durably) before its call may go
 * out, and after any failure that leaves open whether the service stored the employee (no
 * answer, a dropped connection, a 5xx) the company's employees are read before anything is
 * sent again. A worker that dies leaves `sending` rows; whoever takes the import over reads the
 * list first and settles them. Only the lease holder works on an import.
 */

const HEARTBEAT_MS = 3_000;
const STATUS_CHECK_MS = 250;
const BATCH = 100;

export interface EngineDeps {
  clientFor(connectionId: string): Promise<PayrollClient>;
  sleep(ms: number): Promise<void>;
}

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
          const payload = readStoredJson(
            newEmployeeSchema,
            row.payload,
            `payroll_import_rows of import ${importId} row ${row.rowNumber}`,
          );
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
