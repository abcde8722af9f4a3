import type { AccountTuple } from "../response";
import type { PeriodFigures } from "./series";

/**
 * The panel's and the group trend's figures from the pack's per-period answers (h/tbcore's
 * `PeriodAnswer` of features/trial-balance/pack/model.ts, taken here by its shape): the account
 * tuples of a read period, a period still being read, or one that failed.
 */
export type AnswerLike = { kind: "ok"; accounts: readonly AccountTuple[] } | { kind: "pending" } | { kind: "failed" };

const ZERO = ["0", "0", "0", "0", "0", "0"] as const;

function notRead(answer: AnswerLike): PeriodFigures {
  return { amounts: null, failed: answer.kind === "failed", pending: answer.kind === "pending" };
}

/**
 * One account's six amounts per period. An account a read period does not list has no
 * figures there, which the service means as zero (as the pack's table shows it).
 */
export function accountFigures(answers: readonly AnswerLike[], accountId: string): PeriodFigures[] {
  return answers.map((answer) => {
    if (answer.kind !== "ok") return notRead(answer);
    const tuple = answer.accounts.find((entry) => entry[0] === accountId);
    return { amounts: tuple ? tuple.slice(2) : ZERO, failed: false };
  });
}

/** A group's six amounts per period: the sums over its accounts, to the cent. */
export function groupFigures(answers: readonly AnswerLike[], accountIds: Iterable<string>): PeriodFigures[] {
  const members = new Set(accountIds);
  return answers.map((answer) => {
    if (answer.kind !== "ok") return notRead(answer);
    const sums = [0n, 0n, 0n, 0n, 0n, 0n];
    for (const tuple of answer.accounts) {
      if (!members.has(tuple[0])) continue;
      for (let column = 0; column < 6; column += 1) {
        const text = tuple[column + 2]!;
        if (text !== "0") sums[column]! += BigInt(text);
      }
    }
    return { amounts: sums, failed: false };
  });
}
