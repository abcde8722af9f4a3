import { getTranslations } from "next-intl/server";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { buttonClassName } from "@/components/ui/button";

const FEATURES = ["Workspaces", "CoEditing", "MonthClose", "Audit", "TrialBalance"] as const;

/**
 * The landing page: what Ledgerlane does today, and one way on — sign in (or, signed in, the
 * payroll). Server-rendered, no JavaScript of its own.
 */
export async function Landing({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations("landing");
  const action = signedIn
    ? { href: "/payroll", label: t("callToActionSignedIn") }
    : { href: "/sign-in", label: t("callToAction") };
  return (
    <div className="space-y-10">
      <section className="max-w-3xl space-y-5">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-lg text-slate-700">{t("intro")}</p>
        <HoverPrefetchLink href={action.href} className={buttonClassName("primary", "md", "inline-block")}>
          {action.label}
        </HoverPrefetchLink>
      </section>
      <section aria-labelledby="landing-features">
        <h2 id="landing-features" className="sr-only">
          {t("featuresLabel")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature} className="rounded-lg border border-slate-200 bg-white p-5">
              <h3 className="font-semibold">{t(`feature${feature}Title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`feature${feature}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
