"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { SignOutButton } from "@/features/sign-in/components/sign-out-button";
import type { PasskeyView } from "@/features/passkeys/schemas";
import { PasskeysSection } from "./passkeys-section";

/** A workspace requires passkeys: add one (then on to the app) or sign out. */
export function PasskeyGateView({ initial }: { initial: PasskeyView[] }) {
  const t = useTranslations();
  const router = useRouter();
  return (
    <section className="max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("passkeys.gateTitle")}</h1>
      <p className="text-slate-700">{t("passkeys.gateIntro")}</p>
      <PasskeysSection initial={initial} onAdded={() => router.push("/")} />
      <SignOutButton label={t("passkeys.gateSignOut")} />
    </section>
  );
}
