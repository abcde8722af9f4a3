"use client";

import { useTranslations } from "next-intl";
import { SEND_BACK_REASON_MAX_LENGTH, sendBackReasonSchema } from "@/features/month-close/schemas";
import { ReasonDialog } from "./reason-dialog";

const ERROR_KEYS = {
  required: "monthClose.handIn.reasonRequired",
  invisible: "monthClose.handIn.reasonInvisible",
  tooLong: "monthClose.handIn.reasonTooLong",
} as const;

/** Sending a handed-in month back asks why (the client reads it) and says what it does before it happens. */
export function SendBackDialog({
  open,
  month,
  pending,
  onClose,
  onSendBack,
}: {
  open: boolean;
  month: string;
  pending: boolean;
  onClose: () => void;
  onSendBack: (reason: string) => void;
}) {
  const t = useTranslations();
  return (
    <ReasonDialog
      open={open}
      id="send-back-reason"
      title={t("monthClose.handIn.sendBackTitle", { month })}
      text={t("monthClose.handIn.sendBackText")}
      label={t("monthClose.handIn.reason")}
      hint={(reason) => (
        <>
          {t("monthClose.handIn.reasonHint")} ({reason.length}/{SEND_BACK_REASON_MAX_LENGTH})
        </>
      )}
      // No maxLength: a pasted longer text is said to be too long rather than cut silently.
      schema={sendBackReasonSchema}
      errorFor={(code) => t(code === "invisible" || code === "tooLong" ? ERROR_KEYS[code] : ERROR_KEYS.required)}
      confirm={t("monthClose.handIn.confirm")}
      pending={pending}
      onClose={onClose}
      onConfirm={onSendBack}
    />
  );
}
