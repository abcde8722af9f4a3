import type { SandboxClock } from "../clock";
import type { SandboxStats } from "../stats";
import { ClientRegistry, type SeedClient } from "./clients";
import { accountingFixtures } from "./fixtures";
import { BusinessLedger } from "./ledger";
import type { BusinessRecord, UserRecord } from "./model";
import { AuthorizationSessions } from "./sessions";
import { TokenStore } from "./tokens";

export interface AccountingStateOptions {
  clock: SandboxClock;
  stats: SandboxStats;
  seedClients: SeedClient[];
  aggregationDelayMs: number;
}

/** All mutable accounting-service state; `reset()` returns it to the seed. */
export class AccountingState {
  readonly clock: SandboxClock;
  readonly stats: SandboxStats;
  readonly clients: ClientRegistry;
  readonly tokens = new TokenStore();
  readonly sessions = new AuthorizationSessions();
  readonly ledgers: Map<string, BusinessLedger>;
  businesses = new Map<string, BusinessRecord>();
  users = new Map<string, UserRecord>();
  aggregationDelayMs: number;
  private readonly seededAggregationDelayMs: number;

  constructor(options: AccountingStateOptions) {
    this.clock = options.clock;
    this.stats = options.stats;
    this.clients = new ClientRegistry(options.seedClients);
    this.seededAggregationDelayMs = options.aggregationDelayMs;
    this.aggregationDelayMs = options.aggregationDelayMs;
    const fixtures = accountingFixtures();
    this.ledgers = new Map([...fixtures.ledgers].map(([id, ledger]) => [id, new BusinessLedger(ledger)]));
    this.reset();
  }

  reset(): void {
    const fixtures = accountingFixtures();
    this.businesses = new Map(fixtures.businesses.map((business) => [business.id, { ...business }]));
    this.users = new Map(fixtures.users.map((user) => [user.id, { ...user, business_ids: [...user.business_ids] }]));
    for (const ledger of this.ledgers.values()) ledger.reset();
    this.clients.reset();
    this.tokens.reset();
    this.sessions.reset();
    this.aggregationDelayMs = this.seededAggregationDelayMs;
  }

  nowMs(): number {
    return this.clock.nowMs();
  }

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user;
    return undefined;
  }

  /** The ledger with every journal whose aggregation delay has passed applied. */
  visibleLedger(businessId: string): BusinessLedger | undefined {
    const ledger = this.ledgers.get(businessId);
    ledger?.flush(this.nowMs());
    return ledger;
  }
}
