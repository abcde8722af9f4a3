"use server";

import "server-only";
import { selectBusiness } from "@/features/accounting/server/businesses";
import { actingUser } from "@/lib/auth/server/acting-user";
import { getSessionUser } from "@/lib/auth/server/session";
import { chooseBusinessSchema, type ChooseBusinessInput } from "../schemas";

/** The header switcher: only a business in the person's own list is stored. */
export async function chooseBusinessAction(input: ChooseBusinessInput): Promise<{ ok: boolean }> {
  const parsed = chooseBusinessSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  const user = actingUser(await getSessionUser());
  if (!user) return { ok: false };
  return { ok: await selectBusiness(user.id, parsed.data.businessId) };
}
