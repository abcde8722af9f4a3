import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountingAccountSection } from "@/features/account-linking/components/accounting-account-section";
import { PasskeysSection } from "@/features/passkeys/components/passkeys-section";
import { SignInEmailSection } from "@/features/sign-in/components/sign-in-email-section";
import { SessionsSection } from "@/features/sign-in/components/sessions-section";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { listPasskeys } from "@/features/passkeys/server/manage";
import { listSessions } from "@/features/sign-in/server/sessions";

/** The accounting callback's word when a link came back refused (features/sign-in/server/route-handler.ts). */
function linkOutcome(value: string | undefined): "failed" | "refused" | null {
  return value === "failed" || value === "refused" ? value : null;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("security.title") };
}

/**
 * Sign-in and security: the person's ways in (a sign-in e-mail, verified by a mailed code; an
 * accounting account, linked after a confirmation), passkeys (added, renamed, removed) and sessions
 * (device, began, last seen), ended one by one or all others.
 */
export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ link?: string }> }) {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("security.title")} />;
  return (
    <section className="max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold">{t("security.title")}</h1>
      <p className="text-slate-700">{t("security.intro")}</p>
      <SignInEmailSection verifiedEmail={user.verifiedEmail} />
      <AccountingAccountSection
        linked={user.accountingUserId !== null}
        outcome={linkOutcome((await searchParams).link)}
      />
      <PasskeysSection initial={await listPasskeys(user.id)} />
      <SessionsSection initial={await listSessions(user.id, user.sessionId)} />
    </section>
  );
}
