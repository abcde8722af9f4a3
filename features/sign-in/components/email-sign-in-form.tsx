"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { signInApi } from "@/features/sign-in/client/api";
import { EMAIL_LINK_LIFETIME_MINUTES, requestEmailLinkSchema } from "@/features/sign-in/schemas";

/**
 * Sign-in by e-mail link, for people without an accounting account (invited by a workspace). It
 * says the same whether or not the address may sign in: the server tells nobody who is known.
 */
export function EmailSignInForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const send = useMutation({
    mutationFn: (address: string) => signInApi.requestEmailLink({ email: address, callbackUrl }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestEmailLinkSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setFieldError(t("emailSignIn.invalidEmail"));
      return;
    }
    setFieldError(undefined);
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-slate-200 pt-4">
      <h2 className="font-semibold">{t("emailSignIn.heading")}</h2>
      <p className="text-sm text-slate-700">{t("emailSignIn.intro")}</p>
      <Field
        label={t("emailSignIn.email")}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={fieldError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={send.isPending} aria-busy={send.isPending}>
        {t("emailSignIn.send")}
      </Button>
      <div aria-live="polite">
        {send.isSuccess ? (
          <Notice tone="info" role="status">
            {t("emailSignIn.sent", { minutes: EMAIL_LINK_LIFETIME_MINUTES })}
          </Notice>
        ) : null}
        {send.isError ? <Notice tone="error">{errorMessage(t, send.error)}</Notice> : null}
      </div>
    </form>
  );
}
