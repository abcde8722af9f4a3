import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { log } from "@/lib/log/logger";
import { onShutdown } from "@/lib/server/shutdown";
import type { AccessRecord } from "../../access-kinds";

/**
 * The access log's in-process buffer (docs/adr/0266-access-log.md): a page view only pushes its
 * row here, and the rows go to Postgres in one INSERT at most every FLUSH_MS or as soon as
 * MAX_ROWS wait, so a grid page pays no round trip for being logged. The buffer is flushed on a
 * graceful stop (lib/server/shutdown.ts); a kill -9 loses at most the last second's views (the
 * ADR says why that is acceptable). A failed write keeps the rows for the next flush, up to
 * MAX_HELD, and logs what it had to drop.
 *
 * On globalThis, like the shutdown hooks: Next may load this module in more than one graph.
 */

const FLUSH_MS = 1_000;
const MAX_ROWS = 200;
const MAX_HELD = 20_000;

interface Row extends AccessRecord {
  occurredAt: Date;
}

interface Buffer {
  rows: Row[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  enabled: boolean;
}

const holder = globalThis as { __ledgerlaneAccessLog?: Buffer };

function buffer(): Buffer {
  if (!holder.__ledgerlaneAccessLog) {
    holder.__ledgerlaneAccessLog = { rows: [], timer: null, flushing: null, enabled: true };
    onShutdown("access-log", flushAccessLog);
  }
  return holder.__ledgerlaneAccessLog;
}

function rowData(row: Row) {
  return {
    workspaceId: row.workspaceId,
    actorId: row.actorId,
    occurredAt: row.occurredAt,
    kind: row.kind,
    companyId: row.companyId ?? null,
    period: row.period ?? null,
    employeeIds: [...row.employeeIds],
  };
}

/** Queues one view, stamped now (the app's clock); never throws, never waits. */
export function bufferAccess(record: AccessRecord): void {
  const state = buffer();
  if (!state.enabled) return;
  state.rows.push({ ...record, occurredAt: now() });
  if (state.rows.length >= MAX_ROWS) void flushAccessLog();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushAccessLog(), FLUSH_MS);
    state.timer.unref();
  }
}

async function writeBatch(state: Buffer): Promise<void> {
  const rows = state.rows.splice(0, state.rows.length);
  if (rows.length === 0) return;
  try {
    await getDb().accessLogEntry.createMany({ data: rows.map(rowData) });
  } catch (error) {
    // Back in front for the next flush; beyond the cap the oldest go, counted in the log.
    state.rows.unshift(...rows);
    const dropped = Math.max(0, state.rows.length - MAX_HELD);
    if (dropped) state.rows.splice(0, dropped);
    log.error(
      { err: error, rows: rows.length, dropped },
      "access log: a batch was not written; kept for the next flush",
    );
    if (!state.timer) {
      state.timer = setTimeout(() => void flushAccessLog(), FLUSH_MS);
      state.timer.unref();
    }
  }
}

/** Writes every waiting row now (one INSERT per MAX_ROWS); resolves when they are in. */
export async function flushAccessLog(): Promise<void> {
  const state = buffer();
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  // One flush at a time: rows pushed meanwhile wait for the next one, which follows at once.
  while (state.flushing) await state.flushing;
  if (state.rows.length === 0) return;
  state.flushing = writeBatch(state).finally(() => {
    state.flushing = null;
  });
  await state.flushing;
}

/** How many rows wait (tests, the bench). */
export function pendingAccessRows(): number {
  return buffer().rows.length;
}

/**
 * Switches the recording of views off and on (the grid bench's baseline, through the test
 * controls only: `POST /api/test/access-log`). Exports are recorded either way.
 */
export function setAccessLogEnabled(enabled: boolean): void {
  buffer().enabled = enabled;
}
