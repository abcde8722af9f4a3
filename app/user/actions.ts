"use server";

import { selectBusiness } from "@/lib/accounting/businesses";
import { getSessionUser } from "@/lib/auth/session";

/** The header switcher: only a business in the person's own list is stored. */
export async function chooseBusinessAction(businessId: unknown): Promise<{ ok: boolean }> {
  const user = await getSessionUser();
  if (!user || typeof businessId !== "string") return { ok: false };
  return { ok: await selectBusiness(user.id, businessId) };
}
