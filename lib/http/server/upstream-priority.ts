import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whose upstream request this is: a person's (interactive, the default), a person's export (many
 * reads at once: a trial balance pack), or a job's (background). People's requests go first:
 * background work may use a credential's budget only up to its reserve, and an export up to the
 * export reserve, which it leaves for the same person's sign-in and page loads; each waits for
 * the next window when its share is used (lib/http/server/upstream-budget.ts). Nobody is made to
 * wait while their share has room. The job runner marks every job (lib/jobs/boss.ts), the
 * exports mark theirs (features/trial-balance/export/server/route.ts).
 */
export type UpstreamPriority = "interactive" | "export" | "background";

const scope = new AsyncLocalStorage<UpstreamPriority>();

/** Runs `work` (and every upstream call under it) as background work. */
export function inBackground<T>(work: () => T): T {
  return scope.run("background", work);
}

/** Runs `work` (and every upstream call under it) as a person's export: it leaves the export reserve to the person's other requests. */
export function asExport<T>(work: () => T): T {
  return scope.run("export", work);
}

/** Runs `work` as a person's request, also inside a job (a job that a person waits for). */
export function asInteractive<T>(work: () => T): T {
  return scope.run("interactive", work);
}

export function upstreamPriority(): UpstreamPriority {
  return scope.getStore() ?? "interactive";
}
