import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { I18nProvider } from "@/components/i18n-provider";
import { QueryProvider } from "@/components/query-provider";
import { getTranslator } from "@/lib/i18n/server";
import { MESSAGES } from "@/lib/i18n/messages";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: { default: t("app.name"), template: `%s · ${t("app.name")}` }, description: t("app.tagline") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getTranslator();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
          {t("app.skipToContent")}
        </a>
        <I18nProvider locale={locale} messages={MESSAGES[locale]}>
          <QueryProvider>
            <AppHeader />
            <main id="main" className="mx-auto max-w-6xl px-4 py-8">
              {children}
            </main>
          </QueryProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
