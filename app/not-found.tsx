import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <section className="max-w-2xl space-y-3">
      <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="text-slate-700">{t("notFound.text")}</p>
      <Link href="/" className="text-blue-700 underline">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
