"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/i18n/format";
import type { MonthCloseView } from "@/features/month-close/states";
import { transferFinding } from "@/features/month-close/transfer-finding";

type Notes = Pick<MonthCloseView, "transferUnderWay" | "transferStopped" | "rereadDueAt" | "transferDifference">;

/**
 * What is known about the month's transfer beyond its state (features/month-close/server/transfer.ts,
 * rereads.ts): one under way and from when it can be checked if it stops, one whose process
 * ended, the coming re-read of the service before which no new transfer starts, and what a re-read
 * or Check found: the kinds the service holds as sent, the kinds it holds unlike what was sent, and
 * the kinds never sent (features/month-close/transfer-finding.ts). Times with seconds: the 30 s matter.
 */
export function TransferStateNotes({ view }: { view: Notes }) {
  const t = useTranslations();
  const locale = useLocale();
  const time = (iso: string) => formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "medium" });
  const who = (name: string | null) => name ?? t("monthClose.someone");
  const { transferUnderWay: underWay, transferStopped: stopped, rereadDueAt } = view;
  const finding = transferFinding(view.transferDifference);
  if (!underWay && !stopped && !rereadDueAt && !finding) return null;
  const kindName = (kind: "hours" | "payments") =>
    t(kind === "hours" ? "monthClose.kindHours" : "monthClose.kindPayments");
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
      {finding?.held.map((kind) => (
        <p key={kind} data-note="held">
          {t("monthClose.heldAsSent", {
            checked: String(finding.checked),
            time: time(finding.readAt),
            minutes: finding.afterMinutes,
            kind,
          })}
        </p>
      ))}
      {finding && finding.differing.length > 0 ? (
        <div data-note="difference" className="text-amber-900">
          <p>{t("monthClose.difference", { time: time(finding.readAt), minutes: finding.afterMinutes })}</p>
          <ul className="list-disc pl-5">
            {finding.differing.map((kind) => (
              <li key={kind.kind}>
                {t("monthClose.differenceKind", {
                  kind: kindName(kind.kind),
                  sent: kind.sent,
                  missing: kind.missing,
                  unexpected: kind.unexpected,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {finding?.notSent.map((kind) => (
        <p key={kind} data-note="not-sent">
          {t("monthClose.neverSent", { kind })}
        </p>
      ))}
    </div>
  );
}
