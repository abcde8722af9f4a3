"use client";

import { useLocale } from "next-intl";
import { formatAmount } from "@/lib/i18n/format";
import { centsToDecimal } from "@/lib/money/decimal";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { GridModel } from "@/features/payroll/grid/model";
import { ReviewDialog } from "./lazy-dialogs";
import type { useTransferReview } from "./use-transfer-review";

/** The comparison with the last transfer (./use-transfer-review.ts), in its dialog. */
export function TransferReviewDialog({
  transfer,
  kind,
  period,
  model,
  employees,
}: {
  transfer: ReturnType<typeof useTransferReview>;
  kind: EntryKind;
  period: string;
  model: GridModel;
  employees: ReadonlyMap<number, string>;
}) {
  const locale = useLocale();
  return (
    <ReviewDialog
      open={transfer.reviewOpen}
      kind={kind}
      period={period}
      diff={transfer.diff}
      lastTransferAt={transfer.lastTransfer?.createdAt ?? null}
      unknownTransferAt={transfer.unknownTransfer?.createdAt ?? null}
      compareWith={transfer.compareWith}
      onCompareWith={transfer.setCompareWith}
      lineCount={transfer.currentLines.length}
      total={formatAmount(locale, centsToDecimal(model.grandTotal))}
      employees={employees}
      onClose={transfer.closeReview}
    />
  );
}
