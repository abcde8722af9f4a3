import type { AccountTuple } from "../response";
import type { PeriodAnswer } from "./model";

/**
 * One period's six amounts (opening debit, opening credit, debit, credit, closing debit, closing
 * credit; BigInt cents) for an account or the sum of several, as the drill-down panel and the
 * group trend show them. `amounts` is null while the period is loading or when it failed.
 */
export interface PeriodAmounts {
  amounts: readonly bigint[] | null;
  failed: boolean;
}

function add(sums: bigint[], tuple: AccountTuple): void {
  for (let column = 0; column < 6; column += 1) {
    const text = tuple[column + 2]!;
    if (text !== "0") sums[column]! += BigInt(text);
  }
}

/** Per period, the sums of the accounts in `ids` (an account a period lacks counts as zero). */
export function amountsOf(answers: readonly PeriodAnswer[], ids: ReadonlySet<string>): PeriodAmounts[] {
  return answers.map((answer) => {
    if (answer.kind !== "ok") return { amounts: null, failed: answer.kind === "failed" };
    const sums = [0n, 0n, 0n, 0n, 0n, 0n];
    for (const tuple of answer.accounts) if (ids.has(tuple[0])) add(sums, tuple);
    return { amounts: sums, failed: false };
  });
}
