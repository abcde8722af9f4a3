"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { errorBody } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { monthCloseApi } from "@/features/month-close/client/api";
import type { AcknowledgementView } from "@/features/month-close/server/acknowledgements";
import { ACKNOWLEDGE_COMMENT_MAX_LENGTH, acknowledgeBodySchema } from "@/features/month-close/schemas";

export type AcknowledgeTarget =
  /** One warning: its own words and where it is, repeated in the dialog. */
  | { kind: "one"; warningId: string; text: string; where: string }
  /** All open warnings of a rule, listed in the region or not. */
  | { kind: "rule"; warningIds: string[]; ruleName: string };

/**
 * Acknowledging one warning, or all of a rule at once: one required comment (the same zod rule as
 * the route's, field-level errors from either), posted to `/api/month-close/<company>/acknowledgements`,
 * all or none; each warning is recorded with the comment, the person and the time.
 */
export function AcknowledgeDialog(props: {
  companyId: number;
  period: string;
  target: AcknowledgeTarget | null;
  onClose: () => void;
  onDone: (acknowledgements: AcknowledgementView[], target: AcknowledgeTarget) => void;
}) {
  const { companyId, period, target, onClose, onDone } = props;
  const t = useTranslations();
  const [comment, setComment] = useState("");
  const [fieldError, setFieldError] = useState("");
  const mutation = useMutation({
    mutationKey: ["month-close", companyId, period, "acknowledge"],
    mutationFn: (body: { target: AcknowledgeTarget; comment: string }) =>
      monthCloseApi.acknowledge({ companyId, period, warningIds: idsOf(body.target), comment: body.comment }),
    onSuccess: (answer, body) => {
      setComment("");
      onDone(answer.acknowledgements, body.target);
    },
    onError: (error) => {
      const field = errorBody(error).fields?.comment;
      if (field) setFieldError(messageFor(field));
    },
  });
  const messageFor = (code: string) =>
    code === "tooLong"
      ? t("monthChecks.commentTooLong", { max: ACKNOWLEDGE_COMMENT_MAX_LENGTH })
      : code === "invisible"
        ? t("monthChecks.commentInvisible")
        : t("monthChecks.commentRequired");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const parsed = acknowledgeBodySchema.shape.comment.safeParse(comment);
    if (!parsed.success) {
      setFieldError(messageFor(parsed.error.issues[0]?.message ?? "required"));
      return;
    }
    mutation.mutate({ target, comment: parsed.data });
  };
  const close = () => {
    setFieldError("");
    mutation.reset();
    onClose();
  };
  const nonFieldError = mutation.error && !errorBody(mutation.error).fields?.comment ? mutation.error : null;
  const many = target?.kind === "rule" ? target.warningIds.length : null;
  // Some of the warnings changed meanwhile (409 with their count): say how many; nothing was acknowledged.
  const stale =
    nonFieldError && errorBody(nonFieldError).code === "conflict" && target
      ? errorBody(nonFieldError).staleCount
      : undefined;

  return (
    <Dialog
      open={target !== null}
      title={many === null ? t("monthChecks.dialogTitle") : t("monthChecks.dialogTitleMany", { count: many })}
      onClose={close}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        {target?.kind === "one" ? (
          <p>
            <span className="font-medium">{target.where}</span>: {target.text}
          </p>
        ) : null}
        {target?.kind === "rule" ? (
          <p>{t("monthChecks.dialogMany", { count: target.warningIds.length, rule: target.ruleName })}</p>
        ) : null}
        <Field id="acknowledge-comment" label={t("monthChecks.comment")} error={fieldError} alert>
          {(control) => (
            <textarea
              {...control}
              required
              maxLength={ACKNOWLEDGE_COMMENT_MAX_LENGTH}
              rows={3}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                setFieldError("");
              }}
              className="w-full rounded border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-600"
            />
          )}
        </Field>
        {typeof stale === "number" ? (
          <p role="alert" className="text-sm text-red-700">
            {t("monthChecks.staleWarnings", { stale, count: idsOf(target!).length })}
          </p>
        ) : nonFieldError ? (
          <ErrorNotice error={nonFieldError} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t("monthChecks.cancel")}
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {many === null ? t("monthChecks.save") : t("monthChecks.saveMany", { count: many })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const idsOf = (target: AcknowledgeTarget): string[] => (target.kind === "one" ? [target.warningId] : target.warningIds);
