import "server-only";
import { findReachableBusiness } from "@/features/accounting/server/businesses";
import { getDb } from "@/lib/db/client";

/** The first month (1–12) of the business's financial year; January until someone sets it. */
export async function financialYearStart(businessId: string | null): Promise<number> {
  if (!businessId) return 1;
  const row = await getDb().accountingBusinessSettings.findUnique({
    where: { businessId },
    select: { financialYearStartMonth: true },
  });
  return row?.financialYearStartMonth ?? 1;
}

/**
 * Sets it, for anyone who reaches the business (checked here, in the same call): false when the
 * person does not.
 */
export async function setFinancialYearStart(userId: string, businessId: string, month: number): Promise<boolean> {
  if (!(await findReachableBusiness(userId, businessId))) return false;
  await getDb().accountingBusinessSettings.upsert({
    where: { businessId },
    create: { businessId, financialYearStartMonth: month, updatedBy: userId },
    update: { financialYearStartMonth: month, updatedBy: userId },
  });
  return true;
}
