import type { Translate } from "@/lib/i18n/translate";
import type { Pack } from "./model";

/**
 * The pack's one-line status: what is known about its period columns, never more. "Every column
 * balances." only when every column has figures and each balances; otherwise how many of those
 * loaded balance (or do not), which failed and how many are still on the way: "11 of 12 columns
 * balance; Mar 2026 not loaded." While nothing has arrived it says that the columns are loading.
 * `labels` are the columns' headings (periodLabel).
 */
export function packStatusText(
  t: Translate,
  pack: Pick<Pack, "columns">,
  labels: readonly string[],
): { text: string; alarm: boolean } {
  const count = pack.columns.length;
  let balanced = 0;
  let unbalanced = 0;
  let pending = 0;
  const failed: string[] = [];
  pack.columns.forEach((column, index) => {
    if (column.kind === "ok") {
      if (column.balance.difference === 0n) balanced += 1;
      else unbalanced += 1;
    } else if (column.kind === "failed") failed.push(labels[index] ?? String(index + 1));
    else pending += 1;
  });
  if (balanced === count) return { text: t("trialBalance.pack.allBalance"), alarm: false };
  if (pending === count) return { text: t("trialBalance.pack.statusLoading", { count }), alarm: false };
  const parts: string[] = [];
  if (unbalanced > 0) parts.push(t("trialBalance.pack.statusUnbalanced", { count: unbalanced }));
  else if (balanced > 0) parts.push(t("trialBalance.pack.statusBalance", { balanced, count }));
  if (failed.length > 0) parts.push(t("trialBalance.pack.statusFailed", { periods: failed.join(", ") }));
  if (pending > 0) parts.push(t("trialBalance.pack.statusPending", { count: pending }));
  return { text: `${parts.join("; ")}.`, alarm: unbalanced > 0 || failed.length > 0 };
}
