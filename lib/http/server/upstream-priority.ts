import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whose upstream request this is: a person's (interactive, the default) or a job's (background).
 * People's requests go first: background work may use a credential's budget only up to its
 * reserve and waits for the next window; people use the rest and are never made to wait while
 * the budget has room (lib/http/server/upstream-budget.ts). The job runner marks every job
 * (lib/jobs/boss.ts); nothing else needs to.
 */
export type UpstreamPriority = "interactive" | "background";

const scope = new AsyncLocalStorage<UpstreamPriority>();

/** Runs `work` (and every upstream call under it) as background work. */
export function inBackground<T>(work: () => T): T {
  return scope.run("background", work);
}

/** Runs `work` as a person's request, also inside a job (a job that a person waits for). */
export function asInteractive<T>(work: () => T): T {
  return scope.run("interactive", work);
}

export function upstreamPriority(): UpstreamPriority {
  return scope.getStore() ?? "interactive";
}
