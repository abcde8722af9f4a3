import type { Metadata } from "next";
import Link from "next/link";
import { CalendarFeedField } from "@/features/deadlines/components/calendar-feed-field";
import { IntlScope } from "@/components/intl-scope";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { calendarFeedUrl } from "@/features/deadlines/server/calendar-feed";
import { getTranslations } from "next-intl/server";
import { isClient } from "@/features/workspaces/permissions";

/** The firm's settings pages; a client (features/workspaces/permissions.ts) has their own security and notifications only. */
const FIRM_ONLY = new Set(["/settings/connection", "/settings/workspace", "/settings/records", "/audit", "/user"]);

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("nav.settings") };
}

export default async function SettingsPage() {
  const t = await getTranslations();
  const user = await getSessionUser();
  if (!user) return <SignedOutNotice heading={t("nav.settings")} />;
  const feedUrl = await calendarFeedUrl(user.id);
  const client = isClient(user.workspace?.roles);
  const links = [
    { href: "/settings/connection", label: t("connection.settingsLink") },
    { href: "/settings/workspace", label: t("workspaces.settingsLink") },
    { href: "/settings/security", label: t("security.settingsLink") },
    { href: "/settings/notifications", label: t("notifications.settingsLink") },
    { href: "/settings/records", label: t("records.settingsLink") },
    { href: "/audit", label: t("audit.settingsLink") },
    { href: "/user", label: t("nav.user") },
  ].filter((link) => !client || !FIRM_ONLY.has(link.href));
  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t("nav.settings")}</h1>
      <ul className="list-disc pl-6">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-blue-700 underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <IntlScope namespaces={["deadlines"]}>
        <CalendarFeedField initialUrl={feedUrl} />
      </IntlScope>
    </section>
  );
}
