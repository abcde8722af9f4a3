import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NotificationList } from "@/features/notifications/components/notification-list";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { listNotifications } from "@/features/notifications/server/inbox";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("notifications.title") };
}

export default async function NotificationsPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("notifications.title")} />;
  const initial = await listNotifications(user.id);
  return (
    <section className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("notifications.title")}</h1>
        <Link href="/settings/notifications" className="text-blue-700 underline">
          {t("notifications.preferencesLink")}
        </Link>
      </div>
      <NotificationList initial={initial} />
    </section>
  );
}
