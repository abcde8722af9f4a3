"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { ConfirmDialog } from "@/features/workspaces/components/confirm-dialog";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { webhooksApi } from "@/features/webhooks/client/api";
import { webhookKeys } from "@/features/webhooks/query-keys";
import type { WebhookEventType } from "@/features/webhooks/event-types";
import type { EndpointView } from "@/features/webhooks/schemas";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm, type EndpointFormValue } from "./endpoint-form";
import { SecretPanel } from "./secret-panel";

/** One endpoint: what it receives, switching it on and off, editing, its secret, its log, and removing it (confirmed). */
export function EndpointCard({
  workspaceId,
  endpoint,
  eventTypes,
}: {
  workspaceId: string;
  endpoint: EndpointView;
  /** The types the form offers (./endpoint-form.tsx). */
  eventTypes: readonly WebhookEventType[];
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const ids = { workspaceId, endpointId: endpoint.id };
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(workspaceId) });
  const update = useMutation({
    mutationFn: (change: Partial<EndpointFormValue> & { enabled?: boolean }) =>
      webhooksApi.updateEndpoint({ ...ids, ...change }),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => webhooksApi.deleteEndpoint(ids),
    onSuccess: refresh,
    onSettled: () => setConfirming(false),
  });
  const name = endpoint.description || endpoint.url;
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded border border-slate-200 bg-white p-3">
      <div className="space-y-1">
        <h3 id={headingId} className="font-semibold break-all">
          {endpoint.url}
        </h3>
        {endpoint.description ? <p className="text-slate-700">{endpoint.description}</p> : null}
        <p className="text-sm">
          <span className={endpoint.enabled ? "font-medium text-green-800" : "font-medium text-slate-600"}>
            {endpoint.enabled ? t("webhooks.enabled") : t("webhooks.disabled")}
          </span>
          {" · "}
          {t("webhooks.since", { date: formatDate(locale, new Date(endpoint.createdAt), { dateStyle: "medium" }) })}
        </p>
        <p className="text-sm text-slate-700">
          {t("webhooks.receives")}:{" "}
          {endpoint.eventTypes
            .map((type) => t(`webhooks.types.${type.replace(".", "_") as "month_approved"}`))
            .join(", ")}
        </p>
      </div>
      {editing ? (
        <EndpointForm
          eventTypes={eventTypes}
          initial={{ url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes }}
          submitLabel={t("webhooks.save")}
          pending={update.isPending}
          error={update.error}
          onSubmit={(value) => update.mutate(value)}
          autoFocus
          onCancel={() => {
            setEditing(false);
            update.reset();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t("webhooks.editLabel", { name })}
            onClick={() => setEditing(true)}
          >
            {t("webhooks.edit")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={!endpoint.enabled}
            disabled={update.isPending}
            onClick={() => update.mutate({ enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? t("webhooks.disable") : t("webhooks.enable")}
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
            {showLog ? t("webhooks.hideLog") : t("webhooks.showLog")}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={t("webhooks.deleteLabel", { name })}
            onClick={() => setConfirming(true)}
          >
            {t("webhooks.delete")}
          </Button>
        </div>
      )}
      {update.isError && !editing ? <Notice tone="error">{errorMessage(t, update.error)}</Notice> : null}
      {remove.isError ? <Notice tone="error">{errorMessage(t, remove.error)}</Notice> : null}
      <SecretPanel workspaceId={workspaceId} endpoint={endpoint} />
      {showLog ? <DeliveryLog workspaceId={workspaceId} endpointId={endpoint.id} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t("webhooks.deleteTitle")}
        text={t("webhooks.deleteText", { url: endpoint.url })}
        confirmLabel={t("webhooks.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
