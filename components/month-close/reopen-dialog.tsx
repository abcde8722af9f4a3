"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { REOPEN_REASON_MAX_LENGTH, reopenReasonSchema } from "@/lib/month-close/schemas";

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
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own rule: required, and with visible characters (a zero-width space says nothing).
    const parsed = reopenReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.message === "invisible" ? t("monthClose.reopenReasonInvisible") : t("monthClose.reopenReasonRequired"),
      );
      return;
    }
    onReopen(parsed.data);
  };
  return (
    <Dialog open={open} title={t("monthClose.reopenTitle", { month })} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p>{t("monthClose.reopenText")}</p>
        <div className="space-y-1">
          <label htmlFor="reopen-reason" className="block font-medium">
            {t("monthClose.reopenReason")}
          </label>
          <textarea
            id="reopen-reason"
            required
            maxLength={REOPEN_REASON_MAX_LENGTH}
            rows={3}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reopen-reason-hint reopen-reason-error" : "reopen-reason-hint"}
            onChange={(event) => {
              setReason(event.target.value);
              setError("");
            }}
            className="w-full rounded border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-600"
          />
          <p id="reopen-reason-hint" className="text-sm text-slate-700">
            {t("monthClose.reopenReasonHint")}
          </p>
          {error ? (
            <p id="reopen-reason-error" className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("monthClose.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {t("monthClose.reopenConfirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
