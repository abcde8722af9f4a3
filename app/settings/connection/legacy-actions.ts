"use server";

import { revalidatePath } from "next/cache";
import { checkLegacyConnection } from "@/lib/accounting/legacy/check";
import { getSessionUser } from "@/lib/auth/session";
import { disconnectAccounting } from "@/lib/auth/sign-out";
import { formatDate } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";

export async function disconnectLegacyAction(): Promise<{ outcome: "revoked" | "pending" | "none" | "signed_out" }> {
  const user = await getSessionUser();
  if (!user) return { outcome: "signed_out" };
  const outcome = await disconnectAccounting(user.id, "v3");
  revalidatePath("/", "layout");
  return { outcome };
}

export async function checkLegacyAction(): Promise<{ ok: boolean; message: string }> {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const user = await getSessionUser();
  if (!user) return { ok: false, message: t("signedOut.title") };
  const result = await checkLegacyConnection(user.id);
  revalidatePath("/settings/connection");
  return result.ok
    ? { ok: true, message: t("legacy.checkOk", { until: formatDate(locale, result.accessTokenExpiresAt, { dateStyle: "medium", timeStyle: "medium" }) }) }
    : { ok: false, message: t("legacy.checkFailed", { reason: result.reason }) };
}
