"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { accountLinkingApi } from "@/features/account-linking/client/api";
import { VERIFICATION_CODE_LIFETIME_MINUTES } from "@/features/account-linking/schemas";

/**
 * The person's sign-in e-mail: the verified address (if any), and adding one: `Send code` mails a
 * 6-digit code, `Verify` with it makes the address theirs (they can then sign in by e-mail link).
 */
export function SignInEmailSection({ verifiedEmail }: { verifiedEmail: string | null }) {
  const t = useTranslations();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (address: string) => accountLinkingApi.addSignInEmail({ email: address }),
    onSuccess: (_answer, address) => {
      setSentTo(address);
      setCode("");
    },
  });
  const verify = useMutation({
    mutationFn: (value: string) => accountLinkingApi.verifySignInEmail({ code: value }),
    onSuccess: () => {
      setSentTo(null);
      setEmail("");
      router.refresh();
    },
  });
  const onSend = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    send.mutate(email.trim());
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code);
  };
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{t("accountLinking.emailHeading")}</h2>
      <p className="text-sm text-slate-700">
        {verifiedEmail ? t("accountLinking.emailCurrent", { email: verifiedEmail }) : t("accountLinking.emailNone")}
      </p>
      <form onSubmit={onSend} className="flex flex-wrap items-end gap-2">
        <Field
          label={t("accountLinking.email")}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={send.isError ? errorMessage(t, send.error) : undefined}
        />
        <Button type="submit" variant="secondary" disabled={send.isPending} aria-busy={send.isPending}>
          {t("accountLinking.sendCode")}
        </Button>
      </form>
      {sentTo ? (
        <form onSubmit={onVerify} className="space-y-2">
          <Notice tone="info">
            {t("accountLinking.codeSent", { email: sentTo, minutes: VERIFICATION_CODE_LIFETIME_MINUTES })}
          </Notice>
          <div className="flex flex-wrap items-end gap-2">
            <Field
              label={t("accountLinking.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={20}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={verify.isError ? errorMessage(t, verify.error) : undefined}
            />
            <Button type="submit" disabled={verify.isPending} aria-busy={verify.isPending}>
              {t("accountLinking.verify")}
            </Button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite">
        {verify.isSuccess ? (
          <Notice tone="success">{t("accountLinking.verified", { email: verify.data.verifiedEmail })}</Notice>
        ) : null}
      </div>
    </div>
  );
}
