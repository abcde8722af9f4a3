"use client";

import { useTranslations } from "next-intl";
import { REOPEN_REASON_MAX_LENGTH, reopenReasonSchema } from "@/features/month-close/schemas";
import { ReasonDialog } from "./reason-dialog";

/** Reopening asks why (required, recorded) and says what it means before it happens. */
export function ReopenDialog({
  open,
  month,
  pending,
  onClose,
  onReopen,
}: {
  open: boolean;
  month: string;
  pending: boolean;
  onClose: () => void;
  onReopen: (reason: string) => void;
}) {
  const t = useTranslations();
  return (
    <ReasonDialog
      open={open}
      id="reopen-reason"
      title={t("monthClose.reopenTitle", { month })}
      text={t("monthClose.reopenText")}
      label={t("monthClose.reopenReason")}
      hint={() => t("monthClose.reopenReasonHint")}
      maxLength={REOPEN_REASON_MAX_LENGTH}
      schema={reopenReasonSchema}
      // The field stops at the limit, so a refused reason is empty or invisible (a zero-width space says nothing).
      errorFor={(code) =>
        code === "invisible" ? t("monthClose.reopenReasonInvisible") : t("monthClose.reopenReasonRequired")
      }
      confirm={t("monthClose.reopenConfirm")}
      confirmVariant="danger"
      pending={pending}
      onClose={onClose}
      onConfirm={onReopen}
    />
  );
}
