"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { workspacesApi } from "@/features/workspaces/client/api";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { CreatedInvitation } from "@/features/workspaces/schemas";

/** A link just made: shown once (its secret is not stored), to copy or, with SMTP set up, to send. */
export function CreatedLink({
  workspaceId,
  created,
  canEmail,
}: {
  workspaceId: string;
  created: CreatedInvitation;
  canEmail: boolean;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const statusId = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  // A link for a named person goes to their address (the server sends it nowhere else).
  const [email, setEmail] = useState(created.invitation.invitee?.email ?? "");
  const send = useMutation({
    mutationFn: (to: string) => workspacesApi.emailInvitation({ workspaceId, token: created.token, email: to }),
  });
  const expires = formatDate(locale, new Date(created.invitation.expiresAt), { dateStyle: "long", timeStyle: "short" });
  return (
    <div className="space-y-3 rounded border border-blue-200 bg-blue-50 p-3">
      <Field
        label={t("workspaces.invitationLink")}
        value={created.link}
        readOnly
        hint={t("workspaces.linkHint", { expires })}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={copied ? statusId : undefined}
          onClick={() => {
            navigator.clipboard.writeText(created.link).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            );
          }}
        >
          {t("workspaces.copy")}
        </Button>
        <span id={statusId} role="status" className="text-sm">
          {copied === "yes" ? t("workspaces.copied") : copied === "no" ? t("workspaces.copyFailed") : null}
        </span>
      </div>
      {canEmail ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(email.trim());
          }}
        >
          <div className="min-w-0 flex-1 basis-56">
            <Field
              label={t("workspaces.emailAddress")}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={send.isPending} aria-busy={send.isPending}>
            {t("workspaces.sendByEmail")}
          </Button>
        </form>
      ) : null}
      {send.isSuccess ? <Notice tone="success">{t("workspaces.sent", { email: send.variables })}</Notice> : null}
      {send.isError ? <Notice tone="error">{errorMessage(t, send.error)}</Notice> : null}
    </div>
  );
}
