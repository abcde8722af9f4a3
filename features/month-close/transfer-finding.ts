import type { EntryKind } from "@/features/payroll/entries/kinds";
import type { TransferDifference } from "./view-schema";

/**
 * What the page says about the service after a Transfer that did not end plainly (browser-safe):
 * from the last re-read's or Check's finding (features/month-close/server/rereads.ts, transfer.ts),
 * the kinds the service holds exactly as sent, the kinds it holds otherwise (with the counts),
 * and the kinds that were never sent. A late commit (the hours stored after the app gave up on
 * the request, the payments never sent) reads "holds the hours … the payments were never sent",
 * not the request's "could not be reached".
 */
export interface TransferFinding {
  readAt: string;
  /** Found by Check transfer (else by the re-read `afterMinutes` after the Transfer). */
  checked: boolean;
  afterMinutes: number;
  held: EntryKind[];
  differing: TransferDifference["kinds"];
  notSent: EntryKind[];
}

export function transferFinding(difference: TransferDifference | null): TransferFinding | null {
  if (!difference) return null;
  const differing = difference.kinds.filter((kind) => kind.missing > 0 || kind.unexpected > 0);
  const held = difference.kinds.filter((kind) => kind.missing === 0 && kind.unexpected === 0).map((kind) => kind.kind);
  const notSent = (difference.notSent ?? []).filter((kind) => !held.includes(kind));
  if (held.length === 0 && differing.length === 0 && notSent.length === 0) return null;
  return {
    readAt: difference.readAt,
    checked: difference.checked ?? false,
    afterMinutes: difference.afterMinutes,
    held,
    differing,
    notSent,
  };
}
