"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/i18n/format";
import type { AcknowledgementView } from "@/lib/month-close/acknowledgements";

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
export function FindingItem({ finding, canAcknowledge, onAcknowledge }: { finding: ShownFinding; canAcknowledge: boolean; onAcknowledge: () => void }) {
  const t = useTranslations();
  const locale = useLocale();
  const ack = finding.acknowledgement;
  const goLabel = t("monthChecks.goTo", { where: finding.where });
  return (
    <li className="space-y-1 border-t border-slate-200 py-2 first:border-t-0" data-finding={finding.key} data-severity={finding.severity}>
      <p className="break-words">
        <span className="font-medium">{finding.where}</span> · <span className="text-slate-700">{finding.ruleName}</span>
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
          <Button size="sm" aria-label={t("monthChecks.acknowledgeLabel", { where: finding.where })} onClick={onAcknowledge}>
            {t("monthChecks.acknowledge")}
          </Button>
        ) : null}
      </div>
      {ack ? (
        <p className="text-sm text-green-800" tabIndex={-1} data-acknowledged={finding.key}>
          {t("monthChecks.acknowledgedBy", { name: ack.userName, date: formatDate(locale, new Date(ack.createdAt), { dateStyle: "medium", timeStyle: "short" }), comment: ack.comment })}
        </p>
      ) : null}
    </li>
  );
}
