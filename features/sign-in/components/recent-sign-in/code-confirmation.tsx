"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorBody, errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { signInApi } from "@/features/sign-in/client/api";

const CODE = /^\d{6}$/;

/** `Send a code`, then the 6-digit code from the e-mail (10 minutes, single use, 5 tries). */
export function CodeConfirmation({ onConfirmed }: { onConfirmed: () => void }) {
  const t = useTranslations();
  const [code, setCode] = useState("");
  const [formatError, setFormatError] = useState(false);
  const verify = useMutation({
    mutationFn: (value: string) => signInApi.confirmWithCode({ code: value }),
    onSuccess: onConfirmed,
  });
  const send = useMutation({
    mutationFn: () => signInApi.sendConfirmationCode({}),
    onSuccess: () => {
      setCode("");
      setFormatError(false);
      verify.reset();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    setFormatError(!CODE.test(value));
    if (CODE.test(value)) verify.mutate(value);
  };

  const refused = verify.error ? errorBody(verify.error) : null;
  const codeError = formatError
    ? t("recentSignIn.codeFormat")
    : refused?.code === "confirmation_code_wrong"
      ? t("recentSignIn.wrongCode", { tries: Number(refused.triesLeft ?? 0) })
      : refused
        ? errorMessage(t, verify.error)
        : undefined;

  return (
    <div className="space-y-3">
      <Button
        variant={send.data ? "secondary" : "primary"}
        onClick={() => send.mutate()}
        disabled={send.isPending}
        aria-busy={send.isPending}
        className="w-full sm:w-auto"
      >
        {send.data ? t("recentSignIn.sendNewCode") : t("recentSignIn.sendCode")}
      </Button>
      {send.error ? <Notice tone="error">{errorMessage(t, send.error)}</Notice> : null}
      {send.data ? (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <p role="status" className="text-sm text-slate-700">
            {t("recentSignIn.codeSent", { email: send.data.sentTo })}
          </p>
          <Field
            label={t("recentSignIn.codeLabel")}
            hint={t("recentSignIn.codeHint")}
            error={codeError}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            // The field appears because the person asked for the code: the next thing they do is type it.
            autoFocus
          />
          <Button type="submit" disabled={verify.isPending} aria-busy={verify.isPending} className="w-full sm:w-auto">
            {verify.isPending ? t("recentSignIn.confirming") : t("recentSignIn.confirmCode")}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
