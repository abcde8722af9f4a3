import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PreferencesForm } from "@/features/notifications/components/preferences-form";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { preferencesOf } from "@/features/notifications/server/preferences";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("notifications.settings.title") };
}

export default async function NotificationSettingsPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("notifications.settings.title")} />;
  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t("notifications.settings.title")}</h1>
      <p className="text-slate-700">{t("notifications.settings.intro")}</p>
      <PreferencesForm initial={await preferencesOf(user.id)} />
    </section>
  );
}
