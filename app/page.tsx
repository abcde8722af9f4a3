import { getTranslations } from "next-intl/server";

export default async function LandingPage() {
  const t = await getTranslations();
  const features = [
    { title: t("landing.featureBooksTitle"), text: t("landing.featureBooksText") },
    { title: t("landing.featurePayrollTitle"), text: t("landing.featurePayrollText") },
    { title: t("landing.featureSafeTitle"), text: t("landing.featureSafeText") },
  ];
  return (
    <div className="space-y-10">
      <section className="max-w-3xl space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("landing.title")}</h1>
        <p className="text-lg text-slate-700">{t("landing.intro")}</p>
      </section>
      <ul className="grid gap-6 sm:grid-cols-3">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="font-semibold">{feature.title}</h2>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
