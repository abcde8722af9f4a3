import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";
import { LanguageSwitch } from "./language-switch";

export async function AppHeader() {
  const { t } = await getTranslator();
  const links = [
    { href: "/trial-balance", label: t("nav.trialBalance") },
    { href: "/payroll", label: t("nav.payroll") },
    { href: "/settings", label: t("nav.settings") },
  ];
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-semibold text-slate-900">
          {t("app.name")}
        </Link>
        <nav aria-label={t("nav.label")} className="flex-1">
          <ul className="flex flex-wrap gap-4">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="text-slate-700 hover:text-slate-950 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
