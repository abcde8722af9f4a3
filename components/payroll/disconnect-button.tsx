"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { sendJson } from "./problem-text";

export function DisconnectButton() {
  const t = useTranslations();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      aria-busy={pending}
      aria-describedby="payroll-disconnect-hint"
      className="rounded border border-red-400 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
      onClick={async () => {
        setPending(true);
        await sendJson("DELETE", "/api/payroll/connection");
        setPending(false);
        router.refresh();
      }}
    >
      {t("payroll.connection.disconnect")}
    </button>
  );
}
