"use client";

import { useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { onFirstOpening } from "@/components/ui/on-first-opening";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatDate, formatMonth } from "@/lib/i18n/format";
import { ChecksToggle } from "./checks-panel";
import { openChecksText, useChecksSummary } from "./checks-store";
import { MONTH_ACTION_ORDER, shownState, type MonthAction, type MonthCloseView } from "@/features/month-close/states";
import { TransferStateNotes } from "./transfer-state-notes";
import { SentBackNotice } from "./hand-in-notes";
import { useFollowedMonth } from "./use-followed-month";
import { DoneNotice, failedTitle } from "./month-close-outcome";
import { useMonthClose } from "./use-month-close";
import { notSubmitted, underReview } from "@/features/payroll/month-lock/states";

// Reopening is rare: its dialog (and its reason's schema) is loaded when first asked for, not with the page.
const ReopenDialog = onFirstOpening(dynamic(() => import("./reopen-dialog").then((module) => module.ReopenDialog)));
const SendBackDialog = onFirstOpening(
  dynamic(() => import("./send-back-dialog").then((module) => module.SendBackDialog)),
);
const HandInDialog = onFirstOpening(dynamic(() => import("./hand-in-dialog").then((module) => module.HandInDialog)));

interface MonthClosePanelProps {
  companyId: number;
  view: MonthCloseView;
  /** What this person may do now (features/month-close/states.ts `actionsFor`). */
  actions: MonthAction[];
  /** The person holds the approving role but submitted the month while four eyes is on. */
  fourEyesBlocksMe: boolean;
  /** On the grid pages: a month in review links to the approver's summary (the view Approve is meant from). */
  summaryLink?: boolean;
  /** The person is the firm's client: the bar's hint speaks to them (enter and hand in; wait for the firm). */
  client?: boolean;
  /** The firm's cut-off for the month and today (Berlin), shown before Hand in. */
  cutOff?: { date: string; today: string } | null;
  /** In place of Transfer, the month's last step for a company whose months go elsewhere (`Export for DATEV`, features/datev). */
  lastStep?: ReactNode;
  /** Shown once the month is Transferred: what its last step made (the DATEV file's download, features/datev). */
  lastStepDone?: ReactNode;
}

/** The actions that ask first (a dialog with a reason). */
const SECONDARY: MonthAction[] = ["reopen", "withdraw", "send_back"];
/** The actions the checks hold back (blockers, unacknowledged warnings). */
const GATED: MonthAction[] = ["submit", "approve"];

/** The month's state, who did what, and the actions this person may take: one compact bar above the grid of both pages. */
export function MonthClosePanel({
  companyId,
  view: rendered,
  actions: renderedActions,
  fourEyesBlocksMe,
  summaryLink = false,
  client = false,
  cutOff = null,
  lastStep = null,
  lastStepDone = null,
}: MonthClosePanelProps) {
  const t = useTranslations();
  const locale = useLocale();
  const { run, pending, error, failed, done } = useMonthClose(companyId, rendered.period);
  // While a Transfer's job runs, the month as the page last asked for it (./use-followed-month.ts).
  const view = useFollowedMonth(companyId, rendered, done?.action === "transfer" ? done.monthClose : null);
  const shown = shownState(view);
  // No actions while a Transfer runs; the page is rendered again with its result.
  const actions = shown === "transferring" ? [] : renderedActions;
  const [reopening, setReopening] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const [handingIn, setHandingIn] = useState(false);
  const month = formatMonth(locale, view.period);
  const when = (iso: string | null) =>
    iso ? formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "";
  // The Checks region's counts (features/month-close/components/checks-region.tsx): Submit and Approve wait for them; the server refuses anyway.
  const checks = useChecksSummary();
  const held = checks !== null && (checks.blockers > 0 || checks.unacknowledged > 0);
  const reasons = openChecksText(t, checks);

  // Who did what, on one line.
  const history = [
    view.handedInBy ? t("monthClose.handIn.handedInBy", { name: view.handedInBy, date: when(view.handedInAt) }) : "",
    view.submittedBy ? t("monthClose.submittedBy", { name: view.submittedBy, date: when(view.submittedAt) }) : "",
    view.approvedBy ? t("monthClose.approvedBy", { name: view.approvedBy, date: when(view.approvedAt) }) : "",
    view.state === "transferred" && view.transferredAt
      ? t("monthClose.transferredAt", { date: when(view.transferredAt) })
      : "",
    view.reopenReason && view.reopenedBy
      ? t("monthClose.reopenedBy", { name: view.reopenedBy, date: when(view.reopenedAt), reason: view.reopenReason })
      : "",
    view.fourEyes ? t("monthClose.fourEyesOn") : "",
  ].filter(Boolean);

  return (
    <section
      aria-labelledby="month-close-title"
      className="space-y-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="month-close-title" className="text-base font-semibold">
          {t("monthClose.title", { month })}
        </h2>
        <p className="text-sm">
          <span aria-hidden="true">{t("monthClose.label")}: </span>
          <strong
            role="status"
            aria-label={t("monthClose.label")}
            data-state={shown}
            className="rounded bg-slate-100 px-2 py-0.5"
          >
            {t(`monthClose.state.${shown}`)}
          </strong>
        </p>
        {view.round > 1 ? (
          <p className="text-sm text-slate-700">{t("monthClose.round", { round: view.round })}</p>
        ) : null}
        <p className="min-w-[16rem] flex-1 text-xs text-slate-700">
          {client && shown !== "transferring" && notSubmitted(shown)
            ? t(shown === "open" ? "monthClose.handIn.clientOpenHint" : "monthClose.handIn.clientHandedInHint")
            : t(`monthClose.stateHint.${shown}`)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {MONTH_ACTION_ORDER.filter((action) => actions.includes(action)).map((action) =>
            action === "transfer" && lastStep ? (
              <span key={action} className="contents">
                {lastStep}
              </span>
            ) : (
              <Button
                key={action}
                size="sm"
                variant={SECONDARY.includes(action) ? "secondary" : "primary"}
                disabled={pending || (held && GATED.includes(action))}
                aria-describedby={held && GATED.includes(action) ? "month-close-held" : undefined}
                onClick={() =>
                  action === "reopen"
                    ? setReopening(true)
                    : action === "send_back"
                      ? setSendingBack(true)
                      : action === "hand_in"
                        ? setHandingIn(true)
                        : run({ action })
                }
              >
                {t(`monthClose.${action}`)}
              </Button>
            ),
          )}
          {pending ? <span className="text-sm text-slate-700">{t("monthClose.working")}</span> : null}
          {/* The firm's review page: not the client's. */}
          {summaryLink && !client && shown !== "transferring" && underReview(shown) ? (
            <Link
              href={`/payroll/companies/${companyId}/review`}
              className="text-sm font-medium text-blue-800 underline"
            >
              {t("monthClose.summaryLink")}
            </Link>
          ) : null}
          {shown === "transferred" ? lastStepDone : null}
          <ChecksToggle />
        </div>
      </div>
      {history.length ? (
        <ul className="flex flex-wrap gap-x-4 text-xs text-slate-700">
          {history.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      ) : null}
      {view.lastTransferMessage && view.state !== "transferred" ? (
        <p className="text-sm text-slate-700">{t("monthClose.serviceSaid", { message: view.lastTransferMessage })}</p>
      ) : null}
      <SentBackNotice view={view} when={when} />
      <TransferStateNotes view={view} />
      {held && actions.some((action) => GATED.includes(action)) ? (
        <p id="month-close-held" className="text-xs text-amber-900">
          {t("monthChecks.submitBlocked", { reason: reasons })}
        </p>
      ) : null}
      {fourEyesBlocksMe ? <p className="text-sm text-slate-700">{t("monthClose.fourEyesBlocked")}</p> : null}

      {error ? <ErrorNotice error={error} title={failed ? failedTitle(t, failed, error) : undefined} /> : null}
      {done ? <DoneNotice done={done} view={view} /> : null}

      <ReopenDialog
        open={reopening}
        month={month}
        pending={pending}
        onClose={() => setReopening(false)}
        onReopen={(reason) => {
          setReopening(false);
          run({ action: "reopen", reason });
        }}
      />
      <HandInDialog
        open={handingIn}
        month={month}
        cutOff={cutOff}
        checks={checks}
        pending={pending}
        onClose={() => setHandingIn(false)}
        onHandIn={() => {
          setHandingIn(false);
          run({ action: "hand_in" });
        }}
      />
      <SendBackDialog
        open={sendingBack}
        month={month}
        pending={pending}
        onClose={() => setSendingBack(false)}
        onSendBack={(reason) => {
          setSendingBack(false);
          run({ action: "send_back", reason });
        }}
      />
    </section>
  );
}
