import "server-only";
import * as z from "zod";
import type { LedgerAccount } from "@/features/accounting/schemas";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import { sharedWhileInFlight } from "../../in-flight";
import { limiter } from "../limiter";
import type { LedgerAccountInfo } from "../model";
import { log } from "@/lib/log/logger";

/**
 * A business's ledger accounts (the chart of accounts the trial balance is grouped by), kept in
 * `ledger_account_caches` for a day per business: the chart rarely changes, and reading 5,000
 * accounts takes 25 pages. "Refresh accounts" reads them again at once. Callers must have
 * checked that the person reaches the business (the cache is shared by everyone who does).
 */

export const LEDGER_ACCOUNTS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 200;
// A chart of 40,000 accounts is far beyond any business; beyond it the list is refused, not truncated.
const MAX_PAGES = 200;

export interface LedgerAccountsState {
  /** null when they could not be read and none are stored: the pack is then a plain list. */
  accounts: LedgerAccountInfo[] | null;
  fetchedAt: Date | null;
  /** The last read failed: `accounts` are older ones (or none). */
  failed: boolean;
}

type StoredAccount = [
  id: string,
  nominalCode: string | null,
  name: string,
  typeId: string | null,
  typeName: string | null,
];
const storedSchema = z.array(
  z.tuple([z.string(), z.string().nullable(), z.string(), z.string().nullable(), z.string().nullable()]),
);

function toInfo([id, nominalCode, name, typeId, typeName]: StoredAccount): LedgerAccountInfo {
  return { id, nominalCode, name, typeId, typeName };
}

function toStored(account: LedgerAccount): StoredAccount {
  const name = account.name ?? account.displayed_as ?? account.id;
  return [
    account.id,
    account.nominal_code ?? null,
    name,
    account.ledger_account_type?.id ?? null,
    account.ledger_account_type?.displayed_as ?? null,
  ];
}

const sharedReads = sharedWhileInFlight<StoredAccount[]>();

/** Every page: the first tells the total, the others are read four at a time. */
async function readAll(user: SessionUser, businessId: string): Promise<StoredAccount[]> {
  const client = accountingClientFor(user);
  return sharedReads(JSON.stringify([user.id, user.connection?.id, businessId]), async () => {
    const first = await client.listLedgerAccountsPage(businessId, 1);
    const pages = first.$total === undefined ? null : Math.ceil(first.$total / PAGE_SIZE);
    const items = [first.$items];
    if (pages !== null && pages > 1) {
      if (pages > MAX_PAGES) throw new Error(`ledger accounts: ${first.$total} is more than this app reads`);
      const limit = limiter(4);
      const rest = await Promise.all(
        Array.from({ length: pages - 1 }, (_, index) =>
          limit(() => client.listLedgerAccountsPage(businessId, index + 2)),
        ),
      );
      items.push(...rest.map((page) => page.$items));
    } else if (pages === null) {
      // No total: follow the pages one by one until one is not full.
      for (let page = 2, last = first; last.$next && page <= MAX_PAGES; page += 1) {
        last = await client.listLedgerAccountsPage(businessId, page);
        items.push(last.$items);
      }
    }
    return items.flat().map(toStored);
  });
}

/** The stored accounts when younger than a day (unless `refresh`), else read from the service and stored. */
export async function ledgerAccountsFor(
  user: SessionUser,
  businessId: string,
  options: { refresh?: boolean; now?: Date } = {},
): Promise<LedgerAccountsState> {
  const db = getDb();
  const now = options.now ?? new Date();
  const row = await db.ledgerAccountCache.findUnique({ where: { businessId } });
  const stored = row ? storedSchema.safeParse(row.accounts) : null;
  if (row && stored && !stored.success)
    log.error({ businessId }, "ledger_account_caches: a business's row is unreadable; reading again");
  const kept = stored?.success ? stored.data : null;
  if (kept && row && !options.refresh && now.getTime() - row.fetchedAt.getTime() < LEDGER_ACCOUNTS_MAX_AGE_MS) {
    return { accounts: kept.map(toInfo), fetchedAt: row.fetchedAt, failed: false };
  }
  try {
    const accounts = await readAll(user, businessId);
    await db.ledgerAccountCache.upsert({
      where: { businessId },
      create: { businessId, accounts, fetchedAt: now },
      update: { accounts, fetchedAt: now },
    });
    return { accounts: accounts.map(toInfo), fetchedAt: now, failed: false };
  } catch (error) {
    log.error({ err: error, businessId }, "ledger accounts of a business could not be read");
    return {
      accounts: kept ? kept.map(toInfo) : null,
      fetchedAt: kept ? (row?.fetchedAt ?? null) : null,
      failed: true,
    };
  }
}
