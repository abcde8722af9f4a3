"use client";

import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import type { MonthCloseView } from "@/features/month-close/states";

/**
 * The client's side of the month in the bar: why the firm sent it back (who, when, the reason),
 * while the month is Open again for the client to correct and hand in anew.
 */
export function SentBackNotice({ view, when }: { view: MonthCloseView; when: (iso: string | null) => string }) {
  const t = useTranslations();
  if (view.state !== "open" || !view.sentBackReason) return null;
  return (
    <Notice tone="warning" title={t("monthClose.handIn.sentBackTitle")} data-testid="sent-back-notice">
      <p>
        {t("monthClose.handIn.sentBackBy", {
          name: view.sentBackBy ?? t("monthClose.someone"),
          date: when(view.sentBackAt),
          reason: view.sentBackReason,
        })}
      </p>
    </Notice>
  );
}
