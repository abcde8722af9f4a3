import "server-only";
import { getSqlPool } from "@/lib/db/client";
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
  /** The access log's own time on this process's event loop, ms (see spendAccessLogTime). */
  spentMs: number;
}

const holder = globalThis as { __ledgerlaneAccessLog?: Buffer };

function buffer(): Buffer {
  if (!holder.__ledgerlaneAccessLog) {
    holder.__ledgerlaneAccessLog = { rows: [], timer: null, flushing: null, enabled: true, spentMs: 0 };
    onShutdown("access-log", flushAccessLog);
  }
  return holder.__ledgerlaneAccessLog;
}

/**
 * One INSERT for the batch, its rows as one JSON parameter: raw on the pool, as Prisma's client
 * walks every element of each row's employee ids (a 1,000-employee grid's view) on the event loop
 * the pages share. The employees keep their order.
 */
const INSERT_BATCH = `
  INSERT INTO access_log_entries (workspace_id, actor_id, occurred_at, kind, company_id, period, employee_ids)
  SELECT r.workspace_id, r.actor_id, r.occurred_at, r.kind, r.company_id, r.period,
         ARRAY(SELECT id::int FROM jsonb_array_elements_text(r.employee_ids) WITH ORDINALITY AS e(id, n) ORDER BY n)
    FROM jsonb_to_recordset($1::jsonb) AS r(workspace_id uuid, actor_id uuid, occurred_at timestamp(3), kind text,
                                            company_id int, period text, employee_ids jsonb)`;

function rowData(row: Row) {
  return {
    workspace_id: row.workspaceId,
    actor_id: row.actorId,
    // ISO with Z: the column holds UTC without a zone, as Prisma writes it.
    occurred_at: row.occurredAt.toISOString(),
    kind: row.kind,
    company_id: row.companyId ?? null,
    period: row.period ?? null,
    employee_ids: row.employeeIds,
  };
}

/**
 * Adds to the access log's own time on the event loop: what a page view spends recording (./record.ts)
 * and what a flush spends building and sending its INSERT. The pages of this process can be held up
 * by no more than this; the grid bench reads it per page load (`access_log_view_overhead_ms`,
 * docs/adr/0266-access-log.md) through the test control.
 */
export function spendAccessLogTime(ms: number): void {
  buffer().spentMs += ms;
}

/** The access log's own time on this process's event loop so far, ms. */
export function accessLogTimeSpent(): number {
  return buffer().spentMs;
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
    const client = await getSqlPool().connect();
    try {
      const started = performance.now();
      // Built and written to the socket synchronously here; the answer is awaited off the event loop.
      const written = client.query(INSERT_BATCH, [JSON.stringify(rows.map(rowData))]);
      spendAccessLogTime(performance.now() - started);
      await written;
    } finally {
      client.release();
    }
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
