"use client";

import { useI18n } from "@/components/i18n-provider";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useI18n();
  return (
    <section role="alert" className="max-w-2xl space-y-3">
      <h1 className="text-2xl font-bold">{t("error.title")}</h1>
      <p className="text-slate-700">{t("error.text")}</p>
      {error.digest ? (
        <p className="text-sm text-slate-500">
          {t("error.reference")}: <code>{error.digest}</code>
        </p>
      ) : null}
      <button type="button" onClick={reset} className="rounded bg-slate-900 px-4 py-2 text-white">
        {t("error.retry")}
      </button>
    </section>
  );
}
