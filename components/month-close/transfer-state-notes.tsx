"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/i18n/format";
import type { MonthCloseView } from "@/lib/month-close/states";

type Notes = Pick<MonthCloseView, "transferUnderWay" | "transferStopped" | "rereadDueAt" | "transferDifference">;

/**
 * What is known about the month's transfer beyond its state (lib/month-close/server/transfer.ts,
 * rereads.ts): one under way and from when it can be checked if it stops, one whose process
 * ended, the coming re-read of the service before which no new transfer starts, and what a re-read
 * found the service holding unlike what was sent. Times with seconds: the 30 s matter.
 */
export function TransferStateNotes({ view }: { view: Notes }) {
  const t = useTranslations();
  const locale = useLocale();
  const time = (iso: string) => formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "medium" });
  const who = (name: string | null) => name ?? t("monthClose.someone");
  const { transferUnderWay: underWay, transferStopped: stopped, rereadDueAt, transferDifference: difference } = view;
  if (!underWay && !stopped && !rereadDueAt && !difference) return null;
  return (
    <div className="space-y-1 text-sm" data-transfer-notes="">
      {underWay ? (
        <p data-note="under-way">
          {t("monthClose.underWay", {
            name: who(underWay.startedBy),
            started: time(underWay.startedAt),
            heartbeat: time(underWay.heartbeatAt),
            checkable: time(underWay.checkableFrom),
          })}
        </p>
      ) : null}
      {stopped ? (
        <p data-note="stopped">
          {t("monthClose.stopped", {
            name: who(stopped.startedBy),
            started: time(stopped.startedAt),
            heartbeat: time(stopped.heartbeatAt),
          })}
        </p>
      ) : null}
      {rereadDueAt ? <p data-note="reread">{t("monthClose.rereadDue", { time: time(rereadDueAt) })}</p> : null}
      {difference ? (
        <div data-note="difference" className="text-amber-900">
          <p>{t("monthClose.difference", { time: time(difference.readAt), minutes: difference.afterMinutes })}</p>
          <ul className="list-disc pl-5">
            {difference.kinds
              .filter((kind) => kind.missing > 0 || kind.unexpected > 0)
              .map((kind) => (
                <li key={kind.kind}>
                  {t("monthClose.differenceKind", {
                    kind: t(kind.kind === "hours" ? "monthClose.kindHours" : "monthClose.kindPayments"),
                    sent: kind.sent,
                    missing: kind.missing,
                    unexpected: kind.unexpected,
                  })}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
