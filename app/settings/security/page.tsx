import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PasskeysSection } from "@/components/security/passkeys-section";
import { SessionsSection } from "@/components/security/sessions-section";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { listPasskeys } from "@/lib/passkeys/server/manage";
import { listSessions } from "@/lib/sign-in/server/sessions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("security.title") };
}

/** Sign-in and security: the person's passkeys (added, renamed, removed) and sessions (device, began, last seen), ended one by one or all others. */
export default async function SecurityPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("security.title")} />;
  return (
    <section className="max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold">{t("security.title")}</h1>
      <p className="text-slate-700">{t("security.intro")}</p>
      <PasskeysSection initial={await listPasskeys(user.id)} />
      <SessionsSection initial={await listSessions(user.id, user.sessionId)} />
    </section>
  );
}
