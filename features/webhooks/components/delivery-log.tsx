"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import { Table, TableCell, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { webhooksApi } from "@/features/webhooks/client/api";
import { webhookKeys } from "@/features/webhooks/query-keys";

/** An endpoint's latest deliveries, newest first: the event, its state, attempts, the last answer or error, and when. */
export function DeliveryLog({ workspaceId, endpointId }: { workspaceId: string; endpointId: string }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const log = useQuery({
    queryKey: webhookKeys.deliveries(workspaceId, endpointId),
    queryFn: async () => (await webhooksApi.listDeliveries({ workspaceId, endpointId })).deliveries,
  });
  const time = (iso: string | null) =>
    iso ? formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "medium" }) : "—";
  if (log.isError) return <Notice tone="error">{errorMessage(t, log.error)}</Notice>;
  if (!log.data) return <p role="status">{t("webhooks.logLoading")}</p>;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium">{t("webhooks.logHeading")}</h4>
        <Button size="sm" variant="secondary" disabled={log.isFetching} onClick={() => void log.refetch()}>
          {t("webhooks.refresh")}
        </Button>
      </div>
      {log.data.length === 0 ? (
        <p className="text-slate-700">{t("webhooks.logEmpty")}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("webhooks.logHeading")}>
          <Table
            density="compact"
            columns={[
              t("webhooks.col.event"),
              t("webhooks.col.status"),
              { label: t("webhooks.col.attempts"), numeric: true },
              t("webhooks.col.last"),
              t("webhooks.col.time"),
            ]}
          >
            {log.data.map((delivery) => (
              <TableRow key={delivery.id} className="align-top">
                <TableCell>
                  <code className="text-xs">{delivery.eventType}</code>
                </TableCell>
                <TableCell>
                  {t(`webhooks.status.${delivery.status}`)}
                  {delivery.nextAttemptAt ? (
                    <span className="block text-xs text-slate-600">
                      {t("webhooks.nextAttempt", { time: time(delivery.nextAttemptAt) })}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell amount>{delivery.attempts}</TableCell>
                <TableCell className="break-words">
                  {delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : ""}
                  {delivery.lastError ? <span className="block text-xs text-red-800">{delivery.lastError}</span> : null}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {time(delivery.lastAttemptAt ?? delivery.createdAt)}
                </TableCell>
              </TableRow>
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}
