"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { checkLegacyConnection } from "@/features/accounting/legacy/server/check";
import { actingUser } from "@/lib/auth/server/acting-user";
import { getSessionUser } from "@/lib/auth/server/session";
import { disconnectAccounting } from "@/features/accounting/connection/server/disconnect";
import { formatDate } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import { disconnectSchema, type DisconnectInput, type DisconnectOutcome } from "../schemas";

/** The connection page's Disconnect (v3.1) and the legacy section's (v3): revoke at the service, forget the tokens. */
export async function disconnectAction(input: DisconnectInput = {}): Promise<{ outcome: DisconnectOutcome }> {
  const parsed = disconnectSchema.safeParse(input ?? {});
  if (!parsed.success) return { outcome: "invalid" };
  const user = actingUser(await getSessionUser());
  if (!user) return { outcome: "signed_out" };
  const outcome = await disconnectAccounting(user.id, parsed.data.version);
  revalidatePath("/", "layout");
  return { outcome };
}

/** The legacy section's Check: renews the v3 token when due and says until when it is valid. */
export async function checkLegacyAction(): Promise<{ ok: boolean; message: string }> {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = actingUser(await getSessionUser());
  if (!user) return { ok: false, message: t("signedOut.title") };
  const result = await checkLegacyConnection(user.id);
  revalidatePath("/settings/connection");
  return result.ok
    ? {
        ok: true,
        message: t("legacy.checkOk", {
          until: formatDate(locale, result.accessTokenExpiresAt, { dateStyle: "medium", timeStyle: "medium" }),
        }),
      }
    : { ok: false, message: t("legacy.checkFailed", { reason: result.reason }) };
}
