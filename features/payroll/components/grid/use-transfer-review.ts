"use client";

import { useMemo, useState } from "react";
import type { GridModel } from "@/features/payroll/grid/model";
import { diffLines } from "@/features/payroll/entries/diff";
import { fieldsOf, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { storedLinesOf } from "@/features/payroll/grid/stored-lines";

export interface LastTransfer {
  id: string;
  createdAt: string;
  lines: StoredLine[];
}

export type CompareWith = "unknown" | "succeeded";

interface UseTransferReviewOptions {
  model: GridModel;
  /** The model's version: the lines compared follow edits while the review is open. */
  version: number;
  kind: EntryKind;
  /**
   * What the review compares with, as the server rendered the page (after the month close's
   * Transfer the page is rendered again): the last successful transfer, and a later one whose outcome is unknown.
   */
  lastTransfer: LastTransfer | null;
  unknownTransfer: LastTransfer | null;
}

/**
 * What the month's lines change against the last successful transfer (and, after a transfer of
 * unknown outcome, against that one). Sending is the month close's alone (features/month-close,
 * its Transfer once the month is approved): the grid only shows the difference.
 */
export function useTransferReview({ model, version, kind, lastTransfer, unknownTransfer }: UseTransferReviewOptions) {
  const [reviewOpen, setReviewOpen] = useState(false);
  // After an unknown outcome the service holds one of two sets: the review shows either difference.
  const [compareWith, setCompareWith] = useState<CompareWith>("unknown");
  const baseline = unknownTransfer && compareWith === "unknown" ? unknownTransfer : lastTransfer;

  const currentLines = useMemo(() => {
    void version;
    return reviewOpen ? storedLinesOf(model).filter((line) => Object.keys(line.values).length > 0) : [];
  }, [model, version, reviewOpen]);
  const diff = useMemo(
    () => (reviewOpen ? diffLines(baseline?.lines ?? [], currentLines, fieldsOf(kind)) : null),
    [reviewOpen, baseline, currentLines, kind],
  );

  return {
    lastTransfer,
    unknownTransfer,
    compareWith: unknownTransfer ? compareWith : ("succeeded" as const),
    setCompareWith,
    reviewOpen,
    currentLines,
    diff,
    openReview: () => setReviewOpen(true),
    closeReview: () => setReviewOpen(false),
  };
}
