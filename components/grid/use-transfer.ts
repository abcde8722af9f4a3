"use client";

import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import { apiFetchOrThrow, ApiRequestError } from "@/lib/http/browser-fetch";
import { formatMonth } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import type { GridModel } from "@/lib/payroll-grid/model";
import { diffLines } from "@/lib/payroll-entries/diff";
import { fieldsOf, type EntryKind, type StoredLine } from "@/lib/payroll-entries/kinds";
import { entriesApiPath, payrollEntriesKeys } from "./query-keys";
import { storedLinesOf } from "./draft-body";

export interface LastTransfer {
  id: string;
  createdAt: string;
  lines: StoredLine[];
}

export type TransferNotice = { tone: "success" | "error"; text: string } | null;

/** What the review compares with: the last successful transfer, and a later one whose outcome is unknown. */
export interface TransferBaselines {
  lastTransfer: LastTransfer | null;
  unknownTransfer: LastTransfer | null;
}

export type CompareWith = "unknown" | "succeeded";

interface TransferAnswer {
  receipt: { count: number; month: string };
  lastTransfer: LastTransfer | null;
}

/** The draft could not be saved first: the transfer was not sent. */
export class TransferNotSentError extends Error {
  override name = "TransferNotSentError";
}

/** A line the server or the service refused (`problems` of `invalid` and `refused` answers). */
interface Problem {
  code: string | null;
  field: string | null;
  lineId: string | null;
  message: string;
}

interface UseTransferOptions {
  model: GridModel;
  /** The model's version: the lines to send follow edits while the review is open. */
  version: number;
  companyId: number;
  kind: EntryKind;
  period: string;
  /** The last successful transfer and a later unknown one, as the server rendered the page. */
  initialBaselines: TransferBaselines;
  /** Saves the draft first: a transfer never overtakes the edits before it. */
  flush: () => Promise<void>;
  describe: (code: string) => string;
}

/**
 * A failed transfer: the lines the server or the service refused become the grid's service
 * issues (shown at their cells), and the notice says what happened. A failure before anything
 * was sent (`sent: false`, or the draft not saved) says nothing changed at the service; a network
 * failure or an unknown outcome says the transfer may or may not have reached the service.
 */
export function applyRefusal(error: unknown, model: GridModel, describe: (code: string) => string, t: Translate): NonNullable<TransferNotice> {
  const body = error instanceof ApiRequestError ? error.body : null;
  const code = body?.code;
  if (error instanceof TransferNotSentError || body?.sent === false) {
    const why = error instanceof TransferNotSentError ? error.cause : error;
    return { tone: "error", text: `${t("payrollEntries.transferNotSent")} ${errorMessage(t, why)}` };
  }
  if (body && (code === "invalid" || code === "refused")) {
    const keys = model.spec.columns.map((column) => column.key);
    model.setServiceIssues(
      ((body.problems ?? []) as Problem[]).flatMap((problem) =>
        problem.lineId ? [{ lineId: problem.lineId, col: problem.field ? keys.indexOf(problem.field) : -1, message: code === "invalid" ? describe(problem.code ?? "invalid") : problem.message }] : [],
      ),
    );
    return { tone: "error", text: t("payrollEntries.refusedValidation") };
  }
  if (code === "pay_run_in_progress") return { tone: "error", text: t("payrollEntries.payRunInProgress") };
  if (!body || code === "outcome_unknown" || code === "upstream_unreachable" || code === "unavailable" || code === "network") {
    return { tone: "error", text: t("payrollEntries.transferUnknown") };
  }
  // Any other refusal (period_changed, draft_conflict, …): its code's text from the one mapping.
  return { tone: "error", text: errorMessage(t, error) };
}

/**
 * Review, send, outcome: the transfer of the month's lines to the payroll service as a TanStack
 * Query mutation (never retried: a transfer is not idempotent). Its answer refreshes the
 * transfer history query (the last successful transfer the review compares with).
 */
export function useTransfer({ model, version, companyId, kind, period, initialBaselines, flush, describe }: UseTransferOptions) {
  const t = useTranslations();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const historyKey = payrollEntriesKeys.history(companyId, kind, period);
  // Seeded by the server's render and refreshed by each transfer's answer; forgotten with the page
  // (gcTime 0), so coming back shows the server's, not an older tab's, last transfer.
  const { data: baselines } = useQuery<TransferBaselines>({ queryKey: historyKey, queryFn: skipToken, initialData: initialBaselines, staleTime: Infinity, gcTime: 0 });
  const { lastTransfer, unknownTransfer } = baselines ?? initialBaselines;
  const [reviewOpen, setReviewOpen] = useState(false);
  // After an unknown outcome the service holds one of two sets: the review shows either difference.
  const [compareWith, setCompareWith] = useState<CompareWith>("unknown");
  const baseline = unknownTransfer && compareWith === "unknown" ? unknownTransfer : lastTransfer;
  const [notice, setNotice] = useState<TransferNotice>(null);

  const currentLines = useMemo(() => {
    void version;
    return reviewOpen ? storedLinesOf(model).filter((line) => Object.keys(line.values).length > 0) : [];
  }, [model, version, reviewOpen]);
  const diff = useMemo(() => (reviewOpen ? diffLines(baseline?.lines ?? [], currentLines, fieldsOf(kind)) : null), [reviewOpen, baseline, currentLines, kind]);

  const transfer = useMutation({
    mutationKey: [...payrollEntriesKeys.scope(companyId, kind, period), "transfer"],
    mutationFn: async (lines: StoredLine[]) => {
      try {
        await flush();
      } catch (error) {
        throw new TransferNotSentError("The draft could not be saved.", { cause: error });
      }
      return apiFetchOrThrow<TransferAnswer>(entriesApiPath(companyId, kind, "transfer"), { method: "POST", body: { period, lines } });
    },
    // Offline, the transfer fails at once with its notice instead of waiting paused with the button pending.
    networkMode: "always",
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      queryClient.setQueryData<TransferBaselines>(historyKey, { lastTransfer: answer.lastTransfer, unknownTransfer: null });
      model.setServiceIssues([]);
      setNotice({ tone: "success", text: t("payrollEntries.transferDone", { count: answer.receipt.count, month: formatMonth(locale, answer.receipt.month) }) });
    },
    onError: (error) => {
      const unknown = error instanceof ApiRequestError && error.body.code === "outcome_unknown" ? (error.body.unknownTransfer as LastTransfer | undefined) : undefined;
      if (unknown) {
        queryClient.setQueryData<TransferBaselines>(historyKey, (previous) => ({ lastTransfer: previous?.lastTransfer ?? null, unknownTransfer: unknown }));
        setCompareWith("unknown");
      }
      setNotice(applyRefusal(error, model, describe, t));
    },
    onSettled: () => setReviewOpen(false),
  });

  return {
    lastTransfer,
    unknownTransfer,
    compareWith: unknownTransfer ? compareWith : ("succeeded" as const),
    setCompareWith,
    notice,
    reviewOpen,
    currentLines,
    diff,
    sending: transfer.isPending,
    openReview: () => {
      setNotice(null);
      setReviewOpen(true);
    },
    closeReview: () => setReviewOpen(false),
    send: () => transfer.mutate(currentLines),
  };
}
