import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PasskeyGateView } from "@/features/passkeys/components/passkey-gate-view";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { listPasskeys } from "@/features/passkeys/server/manage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("passkeys.gateTitle") };
}

/** The gate before the app when a workspace requires passkeys and the person has none (app/layout.tsx). */
export default async function PasskeyRequiredPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("passkeys.gateTitle")} />;
  if (!user.mustAddPasskey) redirect("/");
  return <PasskeyGateView initial={await listPasskeys(user.id)} />;
}
