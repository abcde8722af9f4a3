import type { Metadata } from "next";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.settings") };
}

export default async function SettingsPage() {
  const { t } = await getTranslator();
  return <SignedOutNotice heading={t("nav.settings")} />;
}
