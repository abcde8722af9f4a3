"use server";

import "server-only";
import * as z from "zod";
import { findReachableBusiness } from "@/features/accounting/server/businesses";
import { actingUser } from "@/lib/auth/server/acting-user";
import { getSessionUser } from "@/lib/auth/server/session";
import { setFinancialYearStart } from "./financial-year";
import { ledgerAccountsFor } from "./ledger-accounts";
import { financialYearSchema } from "../financial-year-schema";

const businessSchema = z.object({ businessId: z.string().min(1).max(64) });

/**
 * Sets the first month of a business's financial year, for anyone who reaches the business.
 * Not in the audit trail: that trail is a workspace's, and accounting businesses are the
 * person's own (they are in no workspace); the row keeps who changed it last.
 */
export async function setFinancialYearAction(input: { businessId: string; month: number }): Promise<{ ok: boolean }> {
  const parsed = financialYearSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  const user = actingUser(await getSessionUser());
  if (!user) return { ok: false };
  return { ok: await setFinancialYearStart(user.id, parsed.data.businessId, parsed.data.month) };
}

/** "Refresh accounts": reads the business's ledger accounts again now; `ok: false` when the person does not reach it or the read failed. */
export async function refreshLedgerAccountsAction(input: { businessId: string }): Promise<{ ok: boolean }> {
  const parsed = businessSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  const user = actingUser(await getSessionUser());
  if (!user || !(await findReachableBusiness(user.id, parsed.data.businessId))) return { ok: false };
  const state = await ledgerAccountsFor(user, parsed.data.businessId, { refresh: true });
  return { ok: !state.failed };
}
