"use client";

import { useEffect, useRef } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/i18n/format";
import type { AcknowledgementView } from "@/features/month-close/server/acknowledgements";

export interface ShownFinding {
  key: string;
  severity: "blocker" | "warning";
  ruleName: string;
  text: string;
  /** Employee and line ("Berger, Anna, hours line 2"). */
  where: string;
  /** The finding's cell: a jump on this page, or a link to the other grid's page; null without a line. */
  go: { onClick: () => void } | { href: string } | null;
  acknowledgement?: AcknowledgementView;
}

/** One blocker or warning: what, where, a way to its cell, and a warning's acknowledgement. */
export function FindingItem(props: {
  finding: ShownFinding;
  canAcknowledge: boolean;
  onAcknowledge: () => void;
  focusAcknowledgement: boolean;
}) {
  const { finding, canAcknowledge, onAcknowledge, focusAcknowledgement } = props;
  const t = useTranslations();
  const locale = useLocale();
  const ack = finding.acknowledgement;
  const ackRef = useRef<HTMLParagraphElement>(null);
  // Just acknowledged here: the button is gone, so keyboard focus goes to what replaced it, after
  // the dialog's closing has handed focus back (to the removed button) in the same commit.
  useEffect(() => {
    if (!focusAcknowledgement) return;
    const timer = window.setTimeout(() => ackRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusAcknowledgement]);
  const goLabel = t("monthChecks.goTo", { where: finding.where });
  return (
    <li
      className="space-y-1 border-t border-slate-200 py-2 first:border-t-0"
      data-finding={finding.key}
      data-severity={finding.severity}
    >
      <p className="break-words">
        <span className="font-medium">{finding.where}</span> ·{" "}
        <span className="text-slate-700">{finding.ruleName}</span>
      </p>
      <p className="break-words text-sm">{finding.text}</p>
      <div className="flex flex-wrap items-center gap-2">
        {finding.go && "href" in finding.go ? (
          <a href={finding.go.href} aria-label={goLabel} className="text-sm text-blue-700 underline">
            {t("monthChecks.goToShort")}
          </a>
        ) : null}
        {finding.go && "onClick" in finding.go ? (
          <Button variant="secondary" size="sm" aria-label={goLabel} onClick={finding.go.onClick}>
            {t("monthChecks.goToShort")}
          </Button>
        ) : null}
        {finding.severity === "warning" && !ack && canAcknowledge ? (
          <Button
            size="sm"
            aria-label={t("monthChecks.acknowledgeLabel", { where: finding.where })}
            onClick={onAcknowledge}
          >
            {t("monthChecks.acknowledge")}
          </Button>
        ) : null}
      </div>
      {ack ? (
        <p ref={ackRef} className="text-sm text-green-800" tabIndex={-1}>
          {t("monthChecks.acknowledgedBy", {
            name: ack.userName,
            date: formatDate(locale, new Date(ack.createdAt), { dateStyle: "medium", timeStyle: "short" }),
            comment: ack.comment,
          })}
        </p>
      ) : null}
    </li>
  );
}
