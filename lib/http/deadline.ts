import { AsyncLocalStorage } from "node:async_hooks";

// One deadline for everything a piece of work asks upstream services, e.g. one page render:
// every upstream exchange started inside `withDeadline` gets at most the time left
// (`lib/http/server/upstream.ts`) and the retry core (`./retry.ts`) waits for no retry the deadline
// would cut short. So a hanging service costs a page its deadline, not tries × timeout.

/**
 * A page render's budget for all its upstream calls: with a service hanging, the page says
 * "not answering" within 15 s (the rest is left for rendering), not after tries × timeout.
 */
export const PAGE_UPSTREAM_BUDGET_MS = 12_000;

const store = new AsyncLocalStorage<{ at: number }>();

export function withDeadline<T>(at: number, work: () => Promise<T>): Promise<T> {
  const outer = store.getStore();
  // A nested deadline never extends the outer one.
  return store.run({ at: outer ? Math.min(outer.at, at) : at }, work);
}

/** `work` within a page render's budget (PAGE_UPSTREAM_BUDGET_MS from now). */
export function withinPageBudget<T>(work: () => Promise<T>): Promise<T> {
  return withDeadline(Date.now() + PAGE_UPSTREAM_BUDGET_MS, work);
}

/** Milliseconds left before the current deadline; undefined outside any. */
export function deadlineRemainingMs(now = Date.now()): number | undefined {
  const deadline = store.getStore();
  return deadline ? deadline.at - now : undefined;
}
