"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { refreshLedgerAccountsAction } from "@/features/trial-balance/pack/server/actions";

/** When the groups were read, "Refresh accounts", and a notice when they could not be read (the plain list then). */
export function LedgerNotice({
  businessId,
  grouped,
  ledger,
}: {
  businessId: string | null;
  grouped: boolean;
  ledger: { fetchedLabel: string | null; failed: boolean };
}) {
  const t = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);

  function refresh() {
    if (!businessId) return;
    setFailed(false);
    startTransition(async () => {
      const result = await refreshLedgerAccountsAction({ businessId });
      if (!result.ok) setFailed(true);
      router.refresh();
    });
  }

  const button = businessId ? (
    <Button variant="secondary" size="sm" disabled={pending} aria-busy={pending} onClick={refresh}>
      {pending ? t("trialBalance.pack.refreshingAccounts") : t("trialBalance.pack.refreshAccounts")}
    </Button>
  ) : null;
  return (
    <div aria-live="polite" className="space-y-2">
      {!grouped ? (
        <Notice tone="warning" className="text-sm">
          <p>{t("trialBalance.pack.ledgerUnavailable")}</p>
        </Notice>
      ) : ledger.failed && ledger.fetchedLabel ? (
        <Notice tone="warning" className="text-sm">
          <p>{t("trialBalance.pack.ledgerStale", { date: ledger.fetchedLabel })}</p>
        </Notice>
      ) : null}
      {failed ? (
        <Notice tone="error" className="text-sm">
          <p>{t("trialBalance.pack.refreshFailed")}</p>
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        {grouped && ledger.fetchedLabel ? (
          <p>{t("trialBalance.pack.ledgerFetched", { date: ledger.fetchedLabel })}</p>
        ) : null}
        {button}
      </div>
    </div>
  );
}
