"use client";

import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { EntryKind } from "@/lib/payroll-entries/kinds";
import type { TransferNotice } from "./use-transfer";

interface TransferBarProps {
  companyId: number;
  kind: EntryKind;
  notice: TransferNotice;
  /** Cells with problems: the transfer waits until there are none. */
  problemCount: number;
  sending: boolean;
  onReview: () => void;
  /** The person's role may not transfer: the button stays, disabled, with the reason. */
  readOnly?: boolean;
}

/** The last transfer's outcome, the button that opens its review, and the way to the history. */
export function TransferBar({ companyId, kind, notice, problemCount, sending, onReview, readOnly = false }: TransferBarProps) {
  const t = useTranslations();
  return (
    <>
      {notice ? (
        <Notice tone={notice.tone}>
          <p>{notice.text}</p>
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button disabled={readOnly || problemCount > 0 || sending} aria-describedby={readOnly ? "transfer-read-only" : problemCount > 0 ? "transfer-blocked" : undefined} onClick={onReview}>
          {t("payrollEntries.transfer")}
        </Button>
        {readOnly ? (
          <p id="transfer-read-only" className="text-sm text-slate-700">
            {t("payrollEntries.readOnly")}
          </p>
        ) : problemCount > 0 ? (
          <p id="transfer-blocked" className="text-sm text-red-800">
            {t("payrollEntries.transferBlocked", { count: problemCount })}
          </p>
        ) : null}
        <HoverPrefetchLink href={`/payroll/companies/${companyId}/${kind}/history`} className="text-blue-700 underline">
          {t("payrollEntries.historyLink")}
        </HoverPrefetchLink>
      </div>
    </>
  );
}
