"use client";

import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { EntryKind } from "@/features/payroll/entries/kinds";

interface TransferBarProps {
  companyId: number;
  kind: EntryKind;
  onReview: () => void;
  /** The person's roles may not edit (not a frozen month): said here, where the grid ends. */
  readOnly?: boolean;
}

/**
 * Under the grid: how the month is sent (only by the month close, once approved: the grid has no
 * send of its own, so nothing reaches the service without the approval), the comparison with the
 * last transfer, and the way to the history.
 */
export function TransferBar({ companyId, kind, onReview, readOnly = false }: TransferBarProps) {
  const t = useTranslations();
  return (
    <div className="space-y-2">
      {readOnly ? <p className="text-sm text-slate-700">{t("payrollEntries.readOnly")}</p> : null}
      <p id="sent-by-month-close" className="text-sm text-slate-700">
        {t("payrollEntries.sentByMonthClose")}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" aria-describedby="sent-by-month-close" onClick={onReview}>
          {t("payrollEntries.transfer")}
        </Button>
        <HoverPrefetchLink href={`/payroll/companies/${companyId}/${kind}/history`} className="text-blue-700 underline">
          {t("payrollEntries.historyLink")}
        </HoverPrefetchLink>
      </div>
    </div>
  );
}
