import "server-only";
import { createHash } from "node:crypto";
import { queryPrepared } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import type { UpstreamService } from "../upstream-error";
import type { UpstreamPriority } from "./upstream-priority";

/**
 * The shared request budget towards the services: per service and credential (a payroll API key,
 * an accounting connection), per wall-clock minute, counted in Postgres so every app process and
 * every job draws on the same one. Each upstream request takes one request of it with one
 * statement (`upstream_budget_take`, see its migration); a service's 429 with Retry-After blocks
 * the credential for every process until then. The one upstream core (./upstream.ts) consults it
 * for every request that names its credential.
 */

/** Whose budget a request draws on. `credential` is never a secret: a digest or a row id. */
export interface UpstreamBudgetKey {
  service: UpstreamService;
  credential: string;
}

export type BudgetDecision = { granted: true } | { granted: false; waitMs: number; blocked: boolean };

export interface UpstreamBudget {
  take(key: UpstreamBudgetKey, priority: UpstreamPriority): Promise<BudgetDecision>;
  /** The service answered 429: nobody uses the credential for `retryAfterMs`. */
  block(key: UpstreamBudgetKey, retryAfterMs: number): Promise<void>;
}

export interface BudgetConfig {
  perWindow: Record<UpstreamService, number>;
  /** Percent of each budget background work leaves to people. */
  reservePercent: number;
  windowMs: number;
  edgeMs: number;
}

export const BUDGET_WINDOW_MS = 60_000;

export function budgetConfigFromEnv(): BudgetConfig {
  const env = serverEnv();
  return {
    perWindow: { payroll: env.UPSTREAM_BUDGET_PAYROLL_PER_MINUTE, accounting: env.UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE },
    reservePercent: env.UPSTREAM_BUDGET_RESERVE_PERCENT,
    windowMs: BUDGET_WINDOW_MS,
    edgeMs: env.UPSTREAM_BUDGET_EDGE_MS,
  };
}

/** How many requests of a window `priority` may take: background leaves the reserve (at least one request stays its own). */
export function windowLimit(config: BudgetConfig, service: UpstreamService, priority: UpstreamPriority): number {
  const budget = config.perWindow[service];
  if (priority === "interactive") return budget;
  return Math.max(1, budget - Math.ceil((budget * config.reservePercent) / 100));
}

/** The payroll budget is per API key (the service limits keys): a digest of address and key, never the key. */
export function payrollCredential(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("base64url").slice(0, 32);
}

type Query = <Row extends Record<string, unknown>>(statement: { name: string; text: string }, values: unknown[]) => Promise<Row[]>;

const TAKE = {
  name: "upstream_budget_take",
  text: "SELECT granted, wait_ms, blocked FROM upstream_budget_take($1, $2, $3, $4, $5)",
};
const BLOCK = {
  name: "upstream_budget_block",
  text: `INSERT INTO upstream_budget_blocks AS b (service, credential, blocked_until)
         VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
         ON CONFLICT (service, credential) DO UPDATE SET blocked_until = GREATEST(b.blocked_until, excluded.blocked_until)`,
};

/** The budget in Postgres; `query` runs a named statement (a process's pool; tests give each "process" its own). */
export function postgresUpstreamBudget(config: BudgetConfig, query: Query = queryPrepared): UpstreamBudget {
  return {
    async take(key, priority) {
      const limit = windowLimit(config, key.service, priority);
      const [row] = await query<{ granted: boolean; wait_ms: number; blocked: boolean }>(TAKE, [
        key.service,
        key.credential,
        limit,
        config.windowMs,
        config.edgeMs,
      ]);
      if (!row || row.granted) return { granted: true };
      return { granted: false, waitMs: Math.max(1, row.wait_ms), blocked: row.blocked };
    },
    async block(key, retryAfterMs) {
      await query(BLOCK, [key.service, key.credential, Math.max(0, Math.round(retryAfterMs))]);
    },
  };
}

const holder = globalThis as { __upstreamBudget?: UpstreamBudget };

/** The process's budget: the shared one in Postgres, from start-up on (instrumentation.ts). Unset (unit tests of the clients), requests are not budgeted. */
export function currentUpstreamBudget(): UpstreamBudget | undefined {
  return holder.__upstreamBudget;
}

export function setUpstreamBudget(budget: UpstreamBudget | undefined): void {
  holder.__upstreamBudget = budget;
}

/** Start-up: every upstream request of this process draws on the shared budget configured by env. */
export function enableSharedUpstreamBudget(): void {
  setUpstreamBudget(postgresUpstreamBudget(budgetConfigFromEnv()));
}
