"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { ConfirmDialog } from "@/features/workspaces/components/confirm-dialog";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { webhooksApi } from "@/features/webhooks/client/api";
import { webhookKeys } from "@/features/webhooks/query-keys";
import type { EndpointView } from "@/features/webhooks/schemas";
import { SecretText } from "./secret-text";

/** An endpoint's signing secret: shown on demand (never kept in the page's cache), and rotated after a confirmation. */
export function SecretPanel({ workspaceId, endpoint }: { workspaceId: string; endpoint: EndpointView }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ids = { workspaceId, endpointId: endpoint.id };
  const reveal = useMutation({
    mutationFn: async () => (await webhooksApi.revealSecret(ids)).secret,
    onSuccess: setSecret,
  });
  const rotate = useMutation({
    mutationFn: async () => (await webhooksApi.rotateSecret(ids)).secret,
    onSuccess: async (fresh) => {
      setSecret(fresh);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(workspaceId) });
    },
    onSettled: () => setConfirming(false),
  });
  const until = endpoint.previousSecretUntil
    ? formatDate(locale, new Date(endpoint.previousSecretUntil), { dateStyle: "medium", timeStyle: "short" })
    : null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {secret ? (
          <Button size="sm" variant="secondary" onClick={() => setSecret(null)}>
            {t("webhooks.hideSecret")}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" disabled={reveal.isPending} onClick={() => reveal.mutate()}>
            {t("webhooks.showSecret")}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          {t("webhooks.rotate")}
        </Button>
      </div>
      {secret ? <SecretText secret={secret} /> : null}
      {until ? <p className="text-sm text-slate-700">{t("webhooks.previousSigns", { until })}</p> : null}
      {reveal.isError || rotate.isError ? (
        <Notice tone="error">{errorMessage(t, reveal.error ?? rotate.error)}</Notice>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("webhooks.rotateTitle")}
        text={t("webhooks.rotateText")}
        confirmLabel={t("webhooks.rotateConfirm")}
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
