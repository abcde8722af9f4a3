import { AsyncLocalStorage } from "node:async_hooks";

// What every log line of a request or a job carries (lib/log/logger.ts's mixin): the request's id,
// the person and workspace once the session is read, a job's queue, id and attempt. One store per
// request (server.ts) and per job (lib/jobs/boss.ts). It lives on globalThis: server.ts is bundled
// apart from Next's chunks, and Turbopack may copy a module into several chunks, so a module-level
// store would be several stores. No `server-only`: server.ts, bundled for plain `node`, imports it.

export interface LogContext {
  requestId?: string;
  userId?: string;
  workspaceId?: string;
  queue?: string;
  jobId?: string;
  /** 1 for a job's first run, 2 for its first retry, … (pg-boss's `retryCount` + 1). */
  attempt?: number;
}

const holder = globalThis as { __ledgerlaneLogContext?: AsyncLocalStorage<LogContext> };
const storage = (holder.__ledgerlaneLogContext ??= new AsyncLocalStorage<LogContext>());

/** Runs `work` with `context` as its lines' context (a fresh one: nothing of the caller's is kept). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Runs `work` outside any context: what it starts that outlives it (pg-boss's timers, started by
 * whichever request first needed a job) does not log under that request's id for ever after.
 */
export function withoutLogContext<T>(work: () => T): T {
  return storage.exit(work);
}

/** The current request's or job's context, if any. */
export function logContext(): LogContext | undefined {
  return storage.getStore();
}

/** Adds what became known (the signed-in person, their workspace) to the current context's later lines. */
export function addToLogContext(fields: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
}
