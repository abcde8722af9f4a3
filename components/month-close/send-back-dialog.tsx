"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SEND_BACK_REASON_MAX_LENGTH, sendBackReasonSchema } from "@/lib/month-close/schemas";

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
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own rule (lib/month-close/schemas.ts): required, visible characters, at most 500.
    const parsed = sendBackReasonSchema.safeParse(reason);
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(t(code === "invisible" || code === "tooLong" ? ERROR_KEYS[code] : ERROR_KEYS.required));
      return;
    }
    onSendBack(parsed.data);
  };
  return (
    <Dialog open={open} title={t("monthClose.handIn.sendBackTitle", { month })} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p>{t("monthClose.handIn.sendBackText")}</p>
        <div className="space-y-1">
          <label htmlFor="send-back-reason" className="block font-medium">
            {t("monthClose.handIn.reason")}
          </label>
          {/* No maxLength: a pasted longer text is said to be too long rather than cut silently. */}
          <textarea
            id="send-back-reason"
            required
            rows={3}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "send-back-reason-hint send-back-reason-error" : "send-back-reason-hint"}
            onChange={(event) => {
              setReason(event.target.value);
              setError("");
            }}
            className="w-full rounded border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-600"
          />
          <p id="send-back-reason-hint" className="text-sm text-slate-700">
            {t("monthClose.handIn.reasonHint")} ({reason.length}/{SEND_BACK_REASON_MAX_LENGTH})
          </p>
          {error ? (
            <p id="send-back-reason-error" className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("monthClose.cancel")}
          </Button>
          <Button type="submit" disabled={pending}>
            {t("monthClose.handIn.confirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
