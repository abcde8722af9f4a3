import "server-only";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import type { AccountingClient } from "./accounting-service";
import type { Business } from "../schemas";

export interface StoredBusiness {
  businessId: string;
  name: string;
  isOwner: boolean;
  isLead: boolean;
  tier: string | null;
  tierName: string | null;
  country: string | null;
  currency: string | null;
}

const SELECT = {
  businessId: true,
  name: true,
  isOwner: true,
  isLead: true,
  tier: true,
  tierName: true,
  country: true,
  currency: true,
} as const;

function displayName(business: Business): string {
  return business.name ?? business.displayed_as ?? business.id;
}

/**
 * Reads the businesses the person reaches from the service and stores them:
 * the list every business id from a request is checked against.
 */
export async function syncBusinesses(userId: string, client: AccountingClient): Promise<StoredBusiness[]> {
  const [businesses, lead] = await Promise.all([client.listBusinesses(), client.getLeadBusiness()]);
  const db = getDb();
  const now = new Date();
  const rows = businesses.map((business) => ({
    userId,
    businessId: business.id,
    name: displayName(business),
    isOwner: business.is_owner ?? true,
    isLead: business.id === lead.id,
    tier: business.tier?.id ?? null,
    tierName: business.tier?.displayed_as ?? null,
    country: business.country?.id ?? null,
    currency: business.currency?.id ?? null,
    syncedAt: now,
  }));
  await db.$transaction(async (tx) => {
    await tx.accountingBusiness.deleteMany({
      where: { userId, businessId: { notIn: rows.map((row) => row.businessId) } },
    });
    for (const row of rows) {
      await tx.accountingBusiness.upsert({
        where: { userId_businessId: { userId, businessId: row.businessId } },
        create: row,
        update: row,
      });
    }
    await tx.user.updateMany({
      where: { id: userId, selectedBusinessId: { notIn: rows.map((row) => row.businessId) } },
      data: { selectedBusinessId: null },
    });
  });
  sessionCache().forget(userId);
  return listBusinesses(userId);
}

/** The person's businesses as last synced, lead first, then by name. */
export async function listBusinesses(userId: string): Promise<StoredBusiness[]> {
  return getDb().accountingBusiness.findMany({
    where: { userId },
    select: SELECT,
    orderBy: [{ isLead: "desc" }, { name: "asc" }],
  });
}

/** The business if the person reaches it, else null: every id from a request goes through here. */
export async function findReachableBusiness(userId: string, businessId: string): Promise<StoredBusiness | null> {
  return getDb().accountingBusiness.findUnique({
    where: { userId_businessId: { userId, businessId } },
    select: SELECT,
  });
}

export async function leadBusinessOf(userId: string): Promise<StoredBusiness | null> {
  return getDb().accountingBusiness.findFirst({ where: { userId, isLead: true }, select: SELECT });
}

/** Stores the header switcher's choice; false when the business is not the person's. */
export async function selectBusiness(userId: string, businessId: string): Promise<boolean> {
  const business = await findReachableBusiness(userId, businessId);
  if (!business) return false;
  await getDb().user.update({ where: { id: userId }, data: { selectedBusinessId: businessId } });
  sessionCache().forget(userId);
  return true;
}
