"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { checkLegacyAction, disconnectLegacyAction } from "@/app/settings/connection/legacy-actions";
import { useTranslations } from "next-intl";

/** The legacy v3 connection's own buttons: check (renews when due) and disconnect (legacy revoke). */
export function LegacyConnectionButtons() {
  const t = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              setResult(await checkLegacyAction());
              router.refresh();
            })
          }
          className="rounded border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60"
        >
          {t("legacy.check")}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const { outcome } = await disconnectLegacyAction();
              router.push(`/settings/connection?disconnected=${outcome}`);
              router.refresh();
            })
          }
          className="rounded border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {t("legacy.disconnectLegacy")}
        </button>
      </div>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`rounded border p-3 ${result.ok ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50"}`}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
