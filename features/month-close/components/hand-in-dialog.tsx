"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { formatDay } from "@/lib/i18n/format";
import { setChecksPanelOpen } from "./checks-panel";
import { openChecksText, type ChecksSummary } from "./checks-store";

/**
 * Before the client hands the month in: what it does, the firm's cut-off for the month (and whether
 * it has passed), and the checks still open, with a way to see them. Handing in with open warnings
 * stays allowed (the firm reviews them), but never without a word.
 */
export function HandInDialog({
  open,
  month,
  cutOff,
  checks,
  pending,
  onClose,
  onHandIn,
}: {
  open: boolean;
  month: string;
  /** `YYYY-MM-DD` dates in Berlin: the firm's cut-off for the month and today. */
  cutOff: { date: string; today: string } | null;
  /** The Checks region's counts; null while they are still being worked out. */
  checks: ChecksSummary | null;
  pending: boolean;
  onClose: () => void;
  onHandIn: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const open_ = checks ? checks.blockers + checks.unacknowledged : 0;
  const counts = openChecksText(t, checks);
  return (
    <ConfirmDialog
      open={open}
      title={t("monthClose.handIn.confirmTitle", { month })}
      confirmLabel={t("monthClose.handIn.confirmButton")}
      cancelLabel={t("monthClose.cancel")}
      danger={false}
      pending={pending}
      onCancel={onClose}
      onConfirm={onHandIn}
    >
      <p>{t("monthClose.handIn.confirmText")}</p>
      {cutOff ? (
        <p data-testid="hand-in-cut-off">
          {t("monthClose.handIn.cutOff", { date: formatDay(locale, cutOff.date) })}
          {cutOff.today > cutOff.date ? (
            <strong className="block text-amber-900">{t("monthClose.handIn.cutOffPassed")}</strong>
          ) : null}
        </p>
      ) : null}
      <div data-testid="hand-in-checks" className="space-y-1">
        {checks === null ? (
          <p>{t("monthClose.handIn.checksRunning")}</p>
        ) : open_ === 0 ? (
          <p>{t("monthClose.handIn.noOpenChecks")}</p>
        ) : (
          <>
            <p className="font-medium text-amber-900">{t("monthClose.handIn.openChecks", { counts })}</p>
            <p>{t("monthClose.handIn.openChecksHint")}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                onClose();
                setChecksPanelOpen(true);
              }}
            >
              {t("monthClose.handIn.showChecks")}
            </Button>
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}
