import { getTranslations } from "next-intl/server";

/** What a page that needs the person's services shows before they have signed in. */
export async function SignedOutNotice({ heading }: { heading: string }) {
  const t = await getTranslations();
  return (
    <section className="max-w-2xl space-y-3">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <h2 className="text-lg font-semibold">{t("signedOut.title")}</h2>
      <p className="text-slate-700">{t("signedOut.text")}</p>
    </section>
  );
}
