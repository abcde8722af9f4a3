import "server-only";
import { getDb } from "@/lib/db/client";
import { isLocale, type Locale } from "@/lib/i18n/locales";

/**
 * The language of the person an invitation goes to, when the app already knows someone with that
 * address: first who proved to own it (an e-mail sign-in), else whom the accounting service names
 * with it, if they all read the same language. Null when nobody is known, or the known disagree.
 */
export async function knownLocaleOf(email: string): Promise<Locale | null> {
  const address = email.trim().toLowerCase();
  const db = getDb();
  const proven = await db.user.findUnique({ where: { verifiedEmail: address }, select: { locale: true } });
  if (proven) return isLocale(proven.locale) ? proven.locale : null;
  const named = await db.user.findMany({
    where: { email: { equals: address, mode: "insensitive" } },
    select: { locale: true },
    take: 10,
  });
  const locales = new Set(named.map((user) => user.locale));
  const [only] = [...locales];
  return locales.size === 1 && isLocale(only) ? only : null;
}
