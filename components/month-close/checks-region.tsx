"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/on-first-opening";
import type { AcknowledgementView } from "@/lib/month-close/server/acknowledgements";
import { warningId } from "@/lib/month-close/gate";
import type { Finding } from "@/lib/month-close/checks";
import type { ChecksPageData } from "@/lib/month-close/server/page-data";
import type { EntryKind } from "@/lib/payroll/entries/kinds";
import type { AcknowledgeTarget } from "./acknowledge-dialog";
import { cellHash, publishChecksSummary, requestCellJump, type CellJump } from "./checks-store";
import { FindingItem, type ShownFinding } from "./finding-item";
import { findingText } from "./finding-text";
import { ruleGroups } from "./rule-groups";
import { useMonthChecks } from "./use-month-checks";

// Loaded when a warning is first acknowledged, not with the page (the page's JavaScript budget).
const AcknowledgeDialog = dynamic(() => import("./acknowledge-dialog").then((module) => module.AcknowledgeDialog));

/** Listed per severity at most: beyond that the page says how many more (fix the first ones first). */
const SHOWN = 100;

interface ChecksRegionProps {
  companyId: number;
  period: string;
  /** The page's grid. */
  kind: EntryKind;
  data: ChecksPageData;
}

/**
 * The region `Checks` of the hours and payments pages: the month's blockers, then its warnings,
 * each naming employee and line with a way to its cell, and each warning's acknowledgement. The
 * checks run in a worker as the grid changes (use-month-checks.ts); the counts reach the Month
 * status panel, which holds Submit for review and Approve back while any remain.
 */
export function ChecksRegion({ companyId, period, kind, data }: ChecksRegionProps) {
  const t = useTranslations();
  const locale = useLocale();
  const { findings, status, lineNumbers, firstLineOf, timing } = useMonthChecks(data, kind, period);
  // The round's acknowledgements as the server rendered them, and those made here since.
  const [added, setAdded] = useState<AcknowledgementView[]>([]);
  const acknowledged = useMemo(
    () => new Map([...data.acknowledgements, ...added].map((ack) => [ack.warningId, ack])),
    [data.acknowledgements, added],
  );
  const [target, setTarget] = useState<AcknowledgeTarget | null>(null);
  const acknowledgeOpened = useOpenedOnce(target !== null);
  const [justAcknowledged, setJustAcknowledged] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Acknowledged by rule: the button is gone, so keyboard focus goes to the status line with the
  // new counts, after the dialog's closing has handed focus back (to the removed button) in the same commit.
  const [focusStatus, setFocusStatus] = useState(0);
  useEffect(() => {
    if (!focusStatus) return;
    const timer = window.setTimeout(() => statusRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusStatus]);

  const names = useMemo(
    () => new Map(data.context.employees.map((employee) => [employee.id, `${employee.lastName}, ${employee.firstName}`])),
    [data.context.employees],
  );
  const go = (jump: CellJump & { kind: EntryKind }): ShownFinding["go"] =>
    jump.kind === kind
      ? { onClick: () => requestCellJump(jump) }
      : { href: `/payroll/companies/${companyId}/${jump.kind}${cellHash(jump)}` };

  const ruleName = (rule: string) => t(`monthChecks.ruleNames.${rule}` as never);
  const shown = (finding: Finding, index: number): ShownFinding => {
    const employee = names.get(finding.employeeId) ?? `#${finding.employeeId}`;
    const number = finding.kind && finding.lineId ? lineNumbers.get(`${finding.kind}:${finding.lineId}`) : undefined;
    const kindName = t(finding.kind === "payments" ? "monthChecks.kindPayments" : "monthChecks.kindHours");
    const where = number
      ? t("monthChecks.lineWhere", { employee, kind: kindName, line: number })
      : t("monthChecks.employeeWhere", { employee });
    const line = finding.kind && finding.lineId ? { kind: finding.kind, lineId: finding.lineId } : firstLineOf(finding.employeeId);
    const id = finding.severity === "warning" ? warningId(finding) : `${warningId(finding)}|${finding.column ?? ""}|${index}`;
    return {
      key: id,
      severity: finding.severity,
      ruleName: ruleName(finding.rule),
      text: findingText(t, locale, finding),
      where,
      go: line ? go({ ...line, column: finding.lineId ? finding.column : undefined }) : null,
      acknowledgement: finding.severity === "warning" ? acknowledged.get(id) : undefined,
    };
  };

  const blockers = findings?.filter((finding) => finding.severity === "blocker") ?? [];
  const warnings = findings?.filter((finding) => finding.severity === "warning") ?? [];
  const open = warnings.filter((finding) => !acknowledged.has(warningId(finding))).length;
  const groups = data.canAcknowledge ? ruleGroups(warnings, acknowledged, SHOWN) : [];
  useEffect(() => {
    publishChecksSummary(findings ? { blockers: blockers.length, unacknowledged: open } : null);
  }, [findings, blockers.length, open]);
  useEffect(() => () => publishChecksSummary(null), []);

  // The warnings' list offers the per-rule buttons, and says the unlisted ones are reached by them.
  const list = (title: string, items: Finding[], more: "more" | "moreWarnings") =>
    items.length ? (
      <div>
        <h3 className="font-semibold">{title}</h3>
        {more === "moreWarnings" && groups.length ? (
          <div role="group" aria-label={t("monthChecks.acknowledgeRules")} className="my-2 flex flex-wrap gap-2">
            {groups.map((group) => (
              <Button
                key={group.rule}
                size="sm"
                onClick={() => setTarget({ kind: "rule", warningIds: group.warningIds, ruleName: ruleName(group.rule) })}
              >
                {t("monthChecks.acknowledgeRule", { count: group.warningIds.length, rule: ruleName(group.rule) })}
              </Button>
            ))}
          </div>
        ) : null}
        <ul>
          {items.slice(0, SHOWN).map((finding, index) => {
            const item = shown(finding, index);
            return (
              <FindingItem
                key={item.key}
                finding={item}
                canAcknowledge={data.canAcknowledge}
                focusAcknowledgement={justAcknowledged === item.key}
                onAcknowledge={() => setTarget({ kind: "one", warningId: item.key, text: item.text, where: item.where })}
              />
            );
          })}
        </ul>
        {items.length > SHOWN ? (
          <p className="text-sm text-slate-700">
            {t(`monthChecks.${more === "moreWarnings" && groups.length ? "moreWarnings" : "more"}`, { count: items.length - SHOWN })}
          </p>
        ) : null}
      </div>
    ) : null;

  return (
    <section
      aria-labelledby="checks-title"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      data-checks-status={status}
      data-checks-run={timing?.runs}
      data-checks-ms={timing?.ms.toFixed(1)}
    >
      <h2 id="checks-title" className="text-lg font-semibold">
        {t("monthChecks.region")}
      </h2>
      <p className="text-sm text-slate-700">{t("monthChecks.intro")}</p>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-blockers={findings ? blockers.length : undefined}
        data-unacknowledged={findings ? open : undefined}
      >
        {status === "failed"
          ? t("monthChecks.notRun")
          : !findings
            ? t("monthChecks.running")
            : findings.length === 0
              ? t("monthChecks.allClear")
              : t("monthChecks.counts", { blockers: blockers.length, warnings: warnings.length, open })}
      </p>
      {list(t("monthChecks.blockers"), blockers, "more")}
      {list(t("monthChecks.warnings"), warnings, "moreWarnings")}
      {acknowledgeOpened ? (
        <AcknowledgeDialog
          companyId={companyId}
          period={period}
          target={target}
          onClose={() => setTarget(null)}
          onDone={(acks, done) => {
            setAdded((before) => [...before, ...acks]);
            setTarget(null);
            if (done.kind === "one") setJustAcknowledged(done.warningId);
            else setFocusStatus((count) => count + 1);
          }}
        />
      ) : null}
    </section>
  );
}
