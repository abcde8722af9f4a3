import "server-only";
import { createHash } from "node:crypto";
import { queryPrepared } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import type { UpstreamService } from "../upstream-error";
import type { UpstreamPriority } from "./upstream-priority";

/**
 * The shared request budget towards the services: per service and credential (a payroll API key,
 * an accounting connection), per wall-clock minute, counted in Postgres so every app process and
 * every job draws on the same one. A process takes a lease of a few requests at once with one
 * statement (`upstream_budget_lease`, see its migration) and spends it with no round trip, so a
 * request costs a database round trip only every few requests (one in up to 5 % of the budget);
 * a service's 429 with Retry-After blocks the credential for every process until then. The one
 * upstream core (./upstream.ts) consults it for every request that names its credential.
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
  /** Percent of each budget a person's exports leave to their sign-in and page loads (0 when unset). */
  exportReservePercent?: number;
  windowMs: number;
  edgeMs: number;
  /** The largest lease a process takes at once, in percent of the budget (at least one request; 5 by default). */
  leasePercent?: number;
}

export const BUDGET_WINDOW_MS = 60_000;

export function budgetConfigFromEnv(): BudgetConfig {
  const env = serverEnv();
  return {
    perWindow: {
      payroll: env.UPSTREAM_BUDGET_PAYROLL_PER_MINUTE,
      accounting: env.UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE,
    },
    reservePercent: env.UPSTREAM_BUDGET_RESERVE_PERCENT,
    exportReservePercent: env.UPSTREAM_BUDGET_EXPORT_RESERVE_PERCENT,
    windowMs: BUDGET_WINDOW_MS,
    edgeMs: env.UPSTREAM_BUDGET_EDGE_MS,
  };
}

/** How many requests of a window `priority` may take: background and exports leave their reserves (at least one request stays their own). */
export function windowLimit(config: BudgetConfig, service: UpstreamService, priority: UpstreamPriority): number {
  const budget = config.perWindow[service];
  if (priority === "interactive") return budget;
  const reserve = priority === "export" ? (config.exportReservePercent ?? 0) : config.reservePercent;
  return Math.max(1, budget - Math.ceil((budget * reserve) / 100));
}

/** The payroll budget is per API key (the service limits keys): a digest of address and key, never the key. */
export function payrollCredential(baseUrl: string, apiKey: string): string {
  return createHash("sha256").update(`${baseUrl}\n${apiKey}`).digest("base64url").slice(0, 32);
}

type Query = <Row extends Record<string, unknown>>(
  statement: { name: string; text: string },
  values: unknown[],
) => Promise<Row[]>;

const LEASE = {
  name: "upstream_budget_lease",
  text: "SELECT granted, wait_ms, blocked, valid_ms FROM upstream_budget_lease($1, $2, $3, $4, $5, $6)",
};
const BLOCK = {
  name: "upstream_budget_block",
  text: `INSERT INTO upstream_budget_blocks AS b (service, credential, blocked_until)
         VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
         ON CONFLICT (service, credential) DO UPDATE SET blocked_until = GREATEST(b.blocked_until, excluded.blocked_until)`,
};

/** The largest lease for a service: `leasePercent` (5) of its budget, at least one request. */
export function leaseSize(config: BudgetConfig, service: UpstreamService): number {
  return Math.max(1, Math.floor((config.perWindow[service] * (config.leasePercent ?? 5)) / 100));
}

/** Requests this process holds of a window: spent locally until `validUntil` (this process's clock). */
interface Lease {
  left: number;
  validUntil: number;
}

const GRANTED: BudgetDecision = { granted: true };

/**
 * The budget in Postgres; `query` runs a named statement (a process's pool; tests give each
 * "process" its own), `now` is this process's clock for the leases' validity. A lease is kept per
 * credential and priority (a job's lease is taken against the budget less the reserve, so a
 * person's requests never spend it beyond that). Concurrent requests of the process that find no
 * lease wait for the one statement in flight instead of each sending their own.
 *
 * What it keeps: no window holds more than the budget from all processes together (the lease
 * statement grants only the room left); a lease ends at the window's edge (its validity counts
 * from before the statement was sent, so it never outlasts the database's edge), and in the edge
 * each request takes one lease counted in both windows, as before. A 429 seen by this process
 * drops its leases at once; another process learns of the block at its next lease statement, so
 * at most one lease per process and priority (≤ 5 % of the budget) is still sent after a block.
 * Requests leased but not sent by the window's end are lost (never carried over).
 */
export function postgresUpstreamBudget(
  config: BudgetConfig,
  query: Query = queryPrepared,
  now: () => number = Date.now,
): UpstreamBudget {
  const leases = new Map<string, Lease>();
  const inFlight = new Map<string, Promise<BudgetDecision>>();
  const id = (key: UpstreamBudgetKey, priority: UpstreamPriority) => `${key.service}\n${key.credential}\n${priority}`;

  async function takeLease(
    leaseId: string,
    key: UpstreamBudgetKey,
    priority: UpstreamPriority,
  ): Promise<BudgetDecision> {
    const sentAt = now();
    const [row] = await query<{ granted: number; wait_ms: number; blocked: boolean; valid_ms: number }>(LEASE, [
      key.service,
      key.credential,
      windowLimit(config, key.service, priority),
      leaseSize(config, key.service),
      config.windowMs,
      config.edgeMs,
    ]);
    if (!row) return GRANTED;
    if (row.granted <= 0) {
      leases.delete(leaseId);
      return { granted: false, waitMs: Math.max(1, row.wait_ms), blocked: row.blocked };
    }
    // The first request of the lease is the one that took it (also in the edge, where it is valid for no longer).
    leases.set(leaseId, { left: row.granted - 1, validUntil: sentAt + row.valid_ms });
    return GRANTED;
  }

  return {
    async take(key, priority) {
      const leaseId = id(key, priority);
      for (;;) {
        const lease = leases.get(leaseId);
        if (lease && lease.left > 0 && now() < lease.validUntil) {
          lease.left--;
          return GRANTED;
        }
        const pending = inFlight.get(leaseId);
        if (pending) {
          const decision = await pending;
          if (!decision.granted) return decision;
          continue;
        }
        const taking = takeLease(leaseId, key, priority).finally(() => inFlight.delete(leaseId));
        inFlight.set(leaseId, taking);
        return taking;
      }
    },
    async block(key, retryAfterMs) {
      for (const priority of ["interactive", "export", "background"] as const) leases.delete(id(key, priority));
      await query(BLOCK, [key.service, key.credential, Math.max(0, Math.round(retryAfterMs))]);
    },
  };
}

const holder = globalThis as { __upstreamBudget?: UpstreamBudget };

/** The process's budget: the shared one in Postgres, from start-up on (instrumentation.ts). Unset (unit tests of the clients), requests are not budgeted. */
export function currentUpstreamBudget(): UpstreamBudget | undefined {
  return holder.__upstreamBudget;
}

/** Counts against `key` a request that drew on another budget: a sign-in's code exchange (its person known only from its answer) is counted on the connection too. Never waits. */
export async function countSpentRequest(key: UpstreamBudgetKey): Promise<void> {
  await currentUpstreamBudget()?.take(key, "interactive");
}

export function setUpstreamBudget(budget: UpstreamBudget | undefined): void {
  holder.__upstreamBudget = budget;
}

/** Start-up: every upstream request of this process draws on the shared budget configured by env. */
export function enableSharedUpstreamBudget(): void {
  setUpstreamBudget(postgresUpstreamBudget(budgetConfigFromEnv()));
}
