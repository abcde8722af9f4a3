"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { disconnectAction } from "@/app/settings/connection/actions";
import { useTranslations } from "next-intl";

export function DisconnectButton() {
  const t = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const { outcome } = await disconnectAction();
            router.push(`/settings/connection?disconnected=${outcome}`);
            router.refresh();
          })
        }
        className="rounded border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
      {t("connection.disconnect")}
    </button>
  );
}
