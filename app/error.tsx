"use client";

import { useTranslations } from "next-intl";
import { useRetry } from "@/components/ui/use-retry";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  const { retry, pending } = useRetry(reset);
  return (
    <section role="alert" className="max-w-2xl space-y-3">
      <h1 className="text-2xl font-bold">{t("common.error.title")}</h1>
      <p className="text-slate-700">{t("common.error.text")}</p>
      {error.digest ? (
        <p className="text-sm text-slate-500">
          {t("common.error.reference")}: <code>{error.digest}</code>
        </p>
      ) : null}
      <button
        type="button"
        onClick={retry}
        disabled={pending}
        aria-busy={pending}
        className="rounded bg-slate-900 px-4 py-2 text-white disabled:opacity-60"
      >
        {t("common.error.retry")}
      </button>
    </section>
  );
}
