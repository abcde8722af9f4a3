import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/shell/app-header";
import { IntlScope } from "@/components/intl-scope";
import { QueryProvider } from "@/components/query-provider";
import { RecentSignInDialog } from "@/features/sign-in/components/recent-sign-in/recent-sign-in-dialog";
import { getSessionUser } from "@/lib/auth/server/session";
import "./globals.css";

/** Pages a member who must add a passkey may still open: the gate itself, signing in and out. */
const GATE_FREE = /^\/(passkey-required|sign-in|sign-out)(\/|$)/;

/**
 * A workspace requires passkeys and the person has none: every page leads to /passkey-required
 * first (features/passkeys/server/requirement.ts); only signing out leaves it. Routes, server actions and
 * streams refuse them where the session is resolved (lib/http/server/route.ts, `actingUser`).
 */
async function passkeyGate(): Promise<void> {
  const path = (await headers()).get("x-pathname");
  if (!path || GATE_FREE.test(path)) return;
  // Read with the session (lib/auth/server/session-store.ts), as this process read it moments ago: no query of its own.
  const user = await getSessionUser({ recent: true });
  if (user?.mustAddPasskey) redirect("/passkey-required");
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: { default: t("appName"), template: `%s · ${t("appName")}` }, description: t("tagline") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  await passkeyGate();
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
        >
          {t("skipToContent")}
        </a>
        {/* Only `common` (header, error page) for every page; each page adds its own namespaces. */}
        <IntlScope namespaces={["common"]}>
          <QueryProvider>
            <AppHeader />
            {/* A page with a wide table (the trial balance with a comparison) may use up to 1440 px; a work surface (the
                payroll grids, `data-full`) the whole window's width, with less space above it. */}
            <main
              id="main"
              className="mx-auto max-w-6xl px-4 py-8 has-[[data-wide]]:max-w-[90rem] has-[[data-full]]:max-w-none has-[[data-full]]:px-2 has-[[data-full]]:py-3"
            >
              {children}
            </main>
            {/* The one "Confirm it is you" dialog of every page (lib/http/client/recent-sign-in.ts). */}
            <IntlScope namespaces={["recentSignIn"]}>
              <RecentSignInDialog />
            </IntlScope>
          </QueryProvider>
        </IntlScope>
      </body>
    </html>
  );
}
