import type { Metadata } from "next";
import Link from "next/link";
import { CalendarFeedField } from "@/components/deadlines/calendar-feed-field";
import { IntlScope } from "@/components/intl-scope";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { calendarFeedUrl } from "@/lib/deadlines/server/calendar-feed";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("nav.settings") };
}

export default async function SettingsPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("nav.settings")} />;
  const feedUrl = await calendarFeedUrl(user.id);
  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t("nav.settings")}</h1>
      <ul className="list-disc pl-6">
        <li>
          <Link href="/settings/connection" className="text-blue-700 underline">
            {t("connection.settingsLink")}
          </Link>
        </li>
        <li>
          <Link href="/settings/workspace" className="text-blue-700 underline">
            {t("workspaces.settingsLink")}
          </Link>
        </li>
        <li>
          <Link href="/settings/security" className="text-blue-700 underline">
            {t("security.settingsLink")}
          </Link>
        </li>
        <li>
          <Link href="/settings/notifications" className="text-blue-700 underline">
            {t("notifications.settingsLink")}
          </Link>
        </li>
        <li>
          <Link href="/audit" className="text-blue-700 underline">
            {t("audit.settingsLink")}
          </Link>
        </li>
        <li>
          <Link href="/user" className="text-blue-700 underline">
            {t("nav.user")}
          </Link>
        </li>
      </ul>
      <IntlScope namespaces={["deadlines"]}>
        <CalendarFeedField initialUrl={feedUrl} />
      </IntlScope>
    </section>
  );
}
