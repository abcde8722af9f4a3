"use client";

import { useTranslations } from "next-intl";
import { errorBody } from "@/components/ui/error-text";
import type { Translate } from "@/lib/i18n/translate";
import { Notice } from "@/components/ui/notice";
import { shownState, type MonthAction, type MonthCloseView } from "@/features/month-close/states";
import type { MonthCloseDone } from "./use-month-close";

/** What was not done: known after an answer; with no answer at all (network), whether it happened is not known. */
export function failedTitle(t: Translate, action: MonthAction, error: unknown): string {
  return errorBody(error).code === "network" ? t("monthClose.outcomeUnknown") : t(`monthClose.notDone.${action}`);
}

/** What the last action did; a Transfer's result once its job has ended (the month followed meanwhile). */
export function DoneNotice({ done: answered, view }: { done: NonNullable<MonthCloseDone>; view: MonthCloseView }) {
  const t = useTranslations();
  if (answered.action === "transfer" && shownState(view) === "transferring") {
    return (
      <Notice tone="info">
        {answered.transferredBy ? <p>{t("monthClose.transferredByOther", { name: answered.transferredBy })}</p> : null}
        <p>{t("monthClose.following")}</p>
      </Notice>
    );
  }
  const done =
    answered.action === "transfer" ? { ...answered, monthClose: view, message: view.lastTransferMessage } : answered;
  const state = done.monthClose.state;
  let text: string;
  if (done.action === "transfer" && done.unrecorded) text = t("monthClose.transferResult.unrecorded");
  else if (done.action === "transfer")
    text = t(
      `monthClose.transferResult.${state === "transferred" || state === "waiting_for_pay_run" || state === "transfer_unclear" ? state : "approved"}`,
    );
  else if (done.action === "check")
    text = t(
      `monthClose.checkResult.${!done.resolved ? "unresolved" : state === "transferred" ? "transferred" : "approved"}`,
    );
  else text = t(`monthClose.done.${done.action}`, { round: done.monthClose.round });
  const good = state === "transferred" || (done.action !== "transfer" && done.action !== "check");
  return (
    <Notice tone={good ? "success" : "warning"}>
      {done.transferredBy ? <p>{t("monthClose.transferredByOther", { name: done.transferredBy })}</p> : null}
      <p>{text}</p>
      {done.message && !good ? (
        <p className="text-sm opacity-80">{t("monthClose.serviceSaid", { message: done.message })}</p>
      ) : null}
    </Notice>
  );
}
