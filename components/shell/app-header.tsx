import "server-only";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { listBusinesses } from "@/features/accounting/server/businesses";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import { getSessionUser, type SessionUser } from "@/lib/auth/server/session";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { SignOutButton } from "@/features/sign-in/components/sign-out-button";
import { BusinessSwitcher } from "@/features/accounting/components/business-switcher";
import { HeaderMenu } from "@/components/header-menu";
import { NotificationsFeed, NotificationsLink } from "@/features/notifications/components/notifications-link";
import { unreadCount } from "@/features/notifications/server/inbox";
import { LanguageSwitch } from "@/components/language-switch";
import { WorkspaceSwitcher } from "@/features/workspaces/components/workspace-switcher";
import { isClient } from "@/features/workspaces/permissions";
import { log } from "@/lib/log/logger";

async function signedInUser(): Promise<SessionUser | null> {
  try {
    return await getSessionUser();
  } catch (error) {
    log.error({ err: error }, "header: session lookup failed");
    return null;
  }
}

export async function AppHeader() {
  const t = await getTranslations();
  const user = await signedInUser();
  // Before adding the passkey a workspace requires, nothing but the gate page answers: no feed, no switchers.
  const gated = user?.mustAddPasskey === true;
  // The firm's client reaches their companies and their own settings only (features/workspaces/permissions.ts).
  const client = isClient(user?.workspace?.roles);
  // Businesses, the trial balance and the Business switcher read the accounting service: a person who
  // signs in by e-mail only has no account there, so they are offered to link one instead.
  const accounting = user ? user.accountingUserId !== null : true;
  const links = client
    ? [
        { href: "/payroll", label: t("clients.title") },
        { href: "/settings", label: t("nav.settings") },
      ]
    : [
        // The firm's overview (every client's month and dates) first: where a payroll firm's people land.
        ...(user ? [{ href: "/overview", label: t("nav.overview") }] : []),
        ...(user && accounting ? [{ href: "/businesses", label: t("nav.businesses") }] : []),
        ...(accounting ? [{ href: "/trial-balance", label: t("nav.trialBalance") }] : []),
        { href: "/payroll", label: t("nav.payroll") },
        { href: "/settings", label: t("nav.settings") },
        ...(accounting ? [] : [{ href: "/settings/security", label: t("nav.linkAccounting") }]),
      ];
  const businesses = user && !client && accounting ? await listBusinesses(user.id) : [];
  const unread = user ? await unreadCount(user.id).catch(() => 0) : 0;
  const current = user
    ? (user.selectedBusinessId ?? businesses.find((business) => business.isLead)?.businessId ?? null)
    : null;
  return (
    <header className="relative border-b border-slate-200 bg-white print:hidden">
      {/* One row from 1024 px, the window's width, so the switchers show whole names: between 1024 and 1280 px the gaps are tight. */}
      <div className="flex min-h-header items-center gap-x-3 px-4 py-2 lg:gap-x-2 lg:px-3 lg:text-control xl:gap-x-5 xl:px-4">
        <HoverPrefetchLink href="/" className="shrink-0 text-lg font-semibold text-slate-900">
          {t("common.appName")}
        </HoverPrefetchLink>
        <HeaderMenu label={t("nav.menu")}>
          <nav aria-label={t("nav.label")} className="lg:mr-auto">
            <ul className="flex flex-col gap-3 lg:flex-row lg:gap-2 xl:gap-4">
              {links.map((link) => (
                <li key={link.href}>
                  <HoverPrefetchLink
                    href={link.href}
                    className="whitespace-nowrap text-slate-700 hover:text-slate-950 hover:underline"
                  >
                    {link.label}
                  </HoverPrefetchLink>
                </li>
              ))}
            </ul>
          </nav>
          {user && !gated ? <WorkspaceSwitcher user={user} /> : null}
          {user && !client && !gated && accounting ? (
            <BusinessSwitcher
              businesses={businesses.map((business) => ({ id: business.businessId, name: business.name }))}
              current={current}
            />
          ) : null}
          <LanguageSwitch />
          {user ? (
            // Where the row is short (German at 1024 px), the person's own name gives way first, never a switcher.
            // The notifications link and Sign out keep their size (and Sign out its one line): the name shrinks.
            <div className="flex min-w-0 items-center gap-3 text-sm lg:gap-1.5 xl:gap-2">
              {gated ? null : <NotificationsLink initialUnread={unread} className="hidden lg:inline-flex" />}
              <HoverPrefetchLink
                href={client || !accounting ? "/settings/security" : "/user"}
                className="min-w-0 shrink-[100] truncate text-slate-700 hover:underline lg:max-w-24 xl:max-w-32"
                title={user.displayName ?? undefined}
              >
                {user.displayName ?? user.email ?? t("nav.user")}
              </HoverPrefetchLink>
              <span className="shrink-0 whitespace-nowrap">
                <SignOutButton label={t("auth.signOut")} />
              </span>
            </div>
          ) : (
            <div className="shrink-0">
              <SignInButton label={t("auth.signIn")} variant="secondary" country={await rememberedCountry()} />
            </div>
          )}
        </HeaderMenu>
        {user && !gated ? <NotificationsLink initialUnread={unread} className="inline-flex lg:hidden" /> : null}
        {user && !gated ? <NotificationsFeed /> : null}
      </div>
    </header>
  );
}
