"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { visibleTextSchema } from "@/lib/http/visible-text";

/**
 * A step on the month that asks why before it happens (reopen, send back): the text says what the
 * step does, the reason is checked by the route's own schema here first, and a refused reason is
 * said at the field rather than after a round trip.
 */
export function ReasonDialog({
  open,
  id,
  title,
  text,
  label,
  hint,
  maxLength,
  schema,
  errorFor,
  confirm,
  confirmVariant,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  /** The field's id; its hint and error are `${id}-hint` and `${id}-error`. */
  id: string;
  title: string;
  text: string;
  label: string;
  /** Below the field, given what is typed so far (to count it against the limit, say). */
  hint: (reason: string) => ReactNode;
  /** A limit the browser enforces while typing; without one a longer text is refused as too long. */
  maxLength?: number;
  /** The route's rule for the reason (features/month-close/schemas.ts). */
  schema: ReturnType<typeof visibleTextSchema>;
  /** The message for a refused reason, by the schema's code (`required`, `invisible`, `tooLong`). */
  errorFor: (code: string | undefined) => string;
  confirm: string;
  confirmVariant?: ButtonVariant;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const t = useTranslations();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(reason);
    if (!parsed.success) {
      setError(errorFor(parsed.error.issues[0]?.message));
      return;
    }
    onConfirm(parsed.data);
  };
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p>{text}</p>
        <div className="space-y-1">
          <label htmlFor={id} className="block font-medium">
            {label}
          </label>
          <textarea
            id={id}
            required
            maxLength={maxLength}
            rows={3}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setError("");
            }}
            className="w-full rounded border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-600"
          />
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {hint(reason)}
          </p>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("monthClose.cancel")}
          </Button>
          <Button type="submit" variant={confirmVariant} disabled={pending}>
            {confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
