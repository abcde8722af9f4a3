import type { Metadata } from "next";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.trialBalance") };
}

export default async function TrialBalancePage() {
  const { t } = await getTranslator();
  return <SignedOutNotice heading={t("nav.trialBalance")} />;
}
