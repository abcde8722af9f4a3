"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { webhooksApi } from "@/features/webhooks/client/api";
import { webhookKeys } from "@/features/webhooks/query-keys";
import type { WebhookEventType } from "@/features/webhooks/event-types";
import type { EndpointView } from "@/features/webhooks/schemas";
import { EndpointCard } from "./endpoint-card";
import { EndpointForm, type EndpointFormValue } from "./endpoint-form";
import { SecretText } from "./secret-text";

const EMPTY: EndpointFormValue = { url: "", description: "", eventTypes: ["month.approved", "month.transferred"] };

/** For owners, on /settings/workspace: the workspace's webhook endpoints, a new one, and each one's secret and log. */
export function WebhooksSection({
  workspaceId,
  initialEndpoints,
  eventTypes,
}: {
  workspaceId: string;
  initialEndpoints: EndpointView[];
  /** Every event type an endpoint may subscribe to, in order: the server's (features/webhooks/event-types.ts). */
  eventTypes: readonly WebhookEventType[];
}) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const endpoints = useQuery({
    queryKey: webhookKeys.endpoints(workspaceId),
    queryFn: async () => (await webhooksApi.listEndpoints({ workspaceId })).endpoints,
    initialData: initialEndpoints,
  });
  const create = useMutation({
    mutationFn: (value: EndpointFormValue) => webhooksApi.createEndpoint({ workspaceId, ...value }),
    onSuccess: () => {
      setAdding(false);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(workspaceId) });
    },
  });
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("webhooks.heading")}
      </h2>
      <p className="text-slate-700">{t("webhooks.intro")}</p>
      {create.data && !adding ? (
        <Notice tone="success" title={t("webhooks.addedTitle")}>
          <p>{t("webhooks.addedText")}</p>
          <SecretText secret={create.data.secret} />
        </Notice>
      ) : null}
      {adding ? (
        <div className="rounded border border-slate-200 bg-white p-3">
          <EndpointForm
            eventTypes={eventTypes}
            initial={EMPTY}
            submitLabel={t("webhooks.add")}
            pending={create.isPending}
            error={create.error}
            onSubmit={(value) => create.mutate(value)}
            autoFocus
            onCancel={() => {
              setAdding(false);
              create.reset();
            }}
          />
        </div>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            create.reset();
            setAdding(true);
          }}
        >
          {t("webhooks.addEndpoint")}
        </Button>
      )}
      {endpoints.isError ? <Notice tone="error">{errorMessage(t, endpoints.error)}</Notice> : null}
      {endpoints.data.length === 0 ? (
        <p className="text-slate-700">{t("webhooks.none")}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("webhooks.listLabel")}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} workspaceId={workspaceId} endpoint={endpoint} eventTypes={eventTypes} />
          ))}
        </ul>
      )}
    </section>
  );
}
