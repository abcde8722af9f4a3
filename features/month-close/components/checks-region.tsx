"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/on-first-opening";
import type { AcknowledgementView } from "@/features/month-close/server/acknowledgements";
import { warningId } from "@/features/month-close/gate";
import type { Finding } from "@/features/month-close/checks";
import type { ChecksPageData } from "@/features/month-close/server/page-data";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { AcknowledgeTarget } from "./acknowledge-dialog";
import { cellHash, publishChecksSummary, requestCellJump, type CellJump } from "./checks-store";
import {
  CHECKS_REGION_ID,
  CHECKS_TITLE_ID,
  markChecksPresent,
  setChecksPanelOpen,
  useChecksPanel,
} from "./checks-panel";
import type { ShownFinding } from "./finding-item";
import { FindingList, SHOWN } from "./finding-list";
import { findingText } from "./finding-text";
import { ruleGroups } from "./rule-groups";
import { useMonthChecks } from "./use-month-checks";

// Loaded when a warning is first acknowledged, not with the page (the page's JavaScript budget).
const AcknowledgeDialog = dynamic(() => import("./acknowledge-dialog").then((module) => module.AcknowledgeDialog));

interface ChecksRegionProps {
  companyId: number;
  period: string;
  /** The page's grid. */
  kind: EntryKind;
  data: ChecksPageData;
}

/**
 * The region `Checks` beside the grid (a drawer below 1280 px, ./checks-panel.tsx): blockers, then
 * warnings, each rule folded to one line with its count and unfolded on demand into its findings
 * (employee, line, a way to its cell, acknowledgement). The checks run in a worker as the grid
 * changes (use-month-checks.ts); their counts hold Submit for review and Approve back.
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
  // Rules unfolded or folded by the person (the others: see `unfolded`).
  const [folds, setFolds] = useState<ReadonlyMap<string, boolean>>(new Map());
  const panel = useChecksPanel();
  useEffect(() => {
    markChecksPresent(true);
    return () => markChecksPresent(false);
  }, []);
  const [justAcknowledged, setJustAcknowledged] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Acknowledged by rule: the button is gone, so focus goes to the status line (after the dialog's closing handed it back).
  const [focusStatus, setFocusStatus] = useState(0);
  useEffect(() => {
    if (!focusStatus) return;
    const timer = window.setTimeout(() => statusRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusStatus]);

  const names = useMemo(
    () =>
      new Map(data.context.employees.map((employee) => [employee.id, `${employee.lastName}, ${employee.firstName}`])),
    [data.context.employees],
  );
  const go = (jump: CellJump & { kind: EntryKind }): ShownFinding["go"] =>
    jump.kind === kind
      ? {
          onClick: () => {
            requestCellJump(jump);
            // A drawer over the grid gets out of the way of the cell it jumped to.
            if (!panel.side) setChecksPanelOpen(false);
          },
        }
      : { href: `/payroll/companies/${companyId}/${jump.kind}${cellHash(jump)}` };

  const ruleName = (rule: Finding["rule"]) => t(`monthChecks.ruleNames.${rule}`);
  const shown = (finding: Finding, index: number): ShownFinding => {
    const employee = names.get(finding.employeeId) ?? `#${finding.employeeId}`;
    const number = finding.kind && finding.lineId ? lineNumbers.get(`${finding.kind}:${finding.lineId}`) : undefined;
    const kindName = t(finding.kind === "payments" ? "monthChecks.kindPayments" : "monthChecks.kindHours");
    const where = number
      ? t("monthChecks.lineWhere", { employee, kind: kindName, line: number })
      : t("monthChecks.employeeWhere", { employee });
    const line =
      finding.kind && finding.lineId ? { kind: finding.kind, lineId: finding.lineId } : firstLineOf(finding.employeeId);
    const id =
      finding.severity === "warning" ? warningId(finding) : `${warningId(finding)}|${finding.column ?? ""}|${index}`;
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

  // Unfolded: as the person chose, else a rule with a single finding (its one line is the finding itself).
  const unfolded = (rule: string, count: number) => folds.get(rule) ?? count === 1;
  const toggleFold = (rule: string, count: number) =>
    setFolds((before) => new Map(before).set(rule, !unfolded(rule, count)));
  const listProps = {
    groups,
    shown,
    ruleName,
    unfolded,
    toggleFold,
    canAcknowledge: data.canAcknowledge,
    justAcknowledged,
    setTarget,
  };

  return (
    <section
      id={CHECKS_REGION_ID}
      aria-labelledby={CHECKS_TITLE_ID}
      className={`${panel.chosen === null ? "hidden xl:flex" : panel.chosen ? "flex" : "hidden"} fixed inset-y-0 right-0 z-40 w-[min(22rem,100vw)] flex-col gap-2 overflow-y-auto border-l border-slate-300 bg-white p-3 shadow-xl xl:sticky xl:top-2 xl:z-auto xl:max-h-[calc(100dvh-1rem)] xl:w-72 xl:shrink-0 xl:rounded-lg xl:border xl:shadow-none`}
      data-checks-status={status}
      data-checks-run={timing?.runs}
      data-checks-ms={timing?.ms.toFixed(1)}
      onKeyDown={(event) => {
        // Escape closes the drawer (not in a dialog of the region's, which closes itself; its events reach here through portals too).
        const inDialog = (event.target as Element).closest("dialog, [role='dialog'], [role='alertdialog']");
        if (event.key !== "Escape" || panel.side || inDialog || event.defaultPrevented) return;
        setChecksPanelOpen(false, { returnFocus: true });
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={CHECKS_TITLE_ID} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {t("monthChecks.region")}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t("monthChecks.closePanel")}
          onClick={() => setChecksPanelOpen(false, { returnFocus: true })}
        >
          {t("monthChecks.hidePanel")}
        </Button>
      </div>
      <p className="text-xs text-slate-700">{t("monthChecks.intro")}</p>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className="text-sm font-medium"
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
      <FindingList title={t("monthChecks.blockers")} items={blockers} more="more" {...listProps} />
      <FindingList title={t("monthChecks.warnings")} items={warnings} more="moreWarnings" {...listProps} />
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
