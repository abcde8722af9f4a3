import type { DateRange } from "@/lib/dates/calendar";
import type { Basis } from "../query";
import type { AccountTuple } from "../response";
import { GROUPS, groupOfType, type GroupKey } from "./account-groups";
import type { PackPeriod } from "../periods";

/**
 * The month-end pack: accounts in groups, one figure per period column, a total column, a
 * prior column and the variance, all in BigInt cents. Pure and browser-safe: the page builds it
 * as the columns arrive, the server's exports (PDF, CSV, XLSX) from `loadPack`.
 *
 * A figure is the account's net amount, debit − credit (a credit balance is negative), of the
 * basis: the period's movement or the closing balance. Each column also keeps its debit and
 * credit sums, so that "the column balances" is shown as debits against credits.
 */

/** A ledger account as the pack needs it (from `GET /ledger_accounts`). */
export interface LedgerAccountInfo {
  id: string;
  nominalCode: string | null;
  name: string;
  /** The service's `ledger_account_type.id`, e.g. `CURRENT_ASSETS`, `SALES`. */
  typeId: string | null;
  /** The service's words for the type (`ledger_account_type.displayed_as`). */
  typeName: string | null;
}

/** One column's trial balance: its accounts, still on the way, or why it failed (an error code of lib/http/envelope). */
export type PeriodAnswer =
  | { kind: "ok"; accounts: readonly AccountTuple[] }
  | { kind: "pending" }
  | { kind: "failed"; code: string; detail?: string };

export interface PackInput {
  periods: readonly PackPeriod[];
  /** One answer per period, same order. */
  answers: readonly PeriodAnswer[];
  /** The range compared with (e.g. the same range a year earlier) and its answer; null without a comparison. */
  prior: { range: DateRange; answer: PeriodAnswer } | null;
  /** The chart of accounts; null when it could not be read (the pack is then one plain list). */
  ledgerAccounts: readonly LedgerAccountInfo[] | null;
  basis: Basis;
}

/** A row's figures: per period (null: that column has no figures), total, prior and variance (null when unknown). */
export interface PackFigures {
  values: (bigint | null)[];
  total: bigint | null;
  prior: bigint | null;
  /** total − prior. */
  variance: bigint | null;
}

export interface PackAccount extends PackFigures {
  id: string;
  name: string;
  nominalCode: string | null;
  typeId: string | null;
  typeName: string | null;
  group: GroupKey;
}

export interface PackGroup {
  key: GroupKey;
  accounts: PackAccount[];
  /** Sums of the group's accounts, to the cent. */
  subtotal: PackFigures;
}

export interface ColumnBalance {
  debit: bigint;
  credit: bigint;
  /** debit − credit: zero when the column balances. */
  difference: bigint;
}

export type ColumnState =
  { kind: "ok"; balance: ColumnBalance } | { kind: "pending" } | { kind: "failed"; code: string; detail?: string };

export interface Pack {
  periods: readonly PackPeriod[];
  basis: Basis;
  /** Per period column: its state and, when it has figures, its debits against credits. */
  columns: ColumnState[];
  prior: { range: DateRange; state: ColumnState } | null;
  /** False when the ledger accounts could not be read: then `groups` holds one group, `other`, with every account in the service's order. */
  grouped: boolean;
  groups: PackGroup[];
  totals: PackFigures;
}

function cents(text: string): bigint {
  return text === "0" ? 0n : BigInt(text);
}

/** The account's net figure of the basis: debit − credit of the movement or of the closing balance. */
function figureOf(tuple: AccountTuple, basis: Basis): bigint {
  return basis === "closing" ? cents(tuple[6]) - cents(tuple[7]) : cents(tuple[4]) - cents(tuple[5]);
}

function sidesOf(tuple: AccountTuple, basis: Basis): [bigint, bigint] {
  return basis === "closing" ? [cents(tuple[6]), cents(tuple[7])] : [cents(tuple[4]), cents(tuple[5])];
}

function byId(answer: PeriodAnswer): Map<string, AccountTuple> | null {
  return answer.kind === "ok" ? new Map(answer.accounts.map((tuple) => [tuple[0], tuple])) : null;
}

function columnState(answer: PeriodAnswer, basis: Basis): ColumnState {
  if (answer.kind !== "ok") return answer;
  let debit = 0n;
  let credit = 0n;
  for (const tuple of answer.accounts) {
    const [d, c] = sidesOf(tuple, basis);
    debit += d;
    credit += c;
  }
  return { kind: "ok", balance: { debit, credit, difference: debit - credit } };
}

/**
 * The total column: for movements the sum of the columns; for closing balances the balance at
 * the end of the range, i.e. the last column's (a sum of month-end balances means nothing).
 * Unknown while any column it needs has no figures.
 */
function totalOf(values: readonly (bigint | null)[], basis: Basis): bigint | null {
  if (values.length === 0) return null;
  if (basis === "closing") return values[values.length - 1] ?? null;
  let sum = 0n;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

function figures(values: (bigint | null)[], prior: bigint | null, basis: Basis): PackFigures {
  const total = totalOf(values, basis);
  return { values, total, prior, variance: total === null || prior === null ? null : total - prior };
}

/** Sums of rows per column; a column without figures (still loading, failed) has no sum: null, never 0. */
function sumFigures(
  rows: readonly PackFigures[],
  known: readonly boolean[],
  basis: Basis,
  priorKnown: boolean,
): PackFigures {
  const columns = known.length;
  const values: (bigint | null)[] = known.map((isKnown) => (isKnown ? 0n : null));
  let prior: bigint | null = priorKnown ? 0n : null;
  for (const row of rows) {
    for (let index = 0; index < columns; index += 1) {
      const value = row.values[index];
      values[index] = value === null || value === undefined || values[index] === null ? null : values[index]! + value;
    }
    if (prior !== null) prior = row.prior === null ? null : prior + row.prior;
  }
  // A subtotal is the sum of its rows: the total column too, so that it equals its accounts' to the cent.
  return figures(values, prior, basis);
}

/** Nominal codes in the order of a chart of accounts: numerically where they are numbers ("900" before "1200"). */
const codeOrder = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Builds the grouped pack from the per-period answers and the ledger accounts. */
export function buildPack(input: PackInput): Pack {
  const { periods, answers, prior, ledgerAccounts, basis } = input;
  const maps = answers.map(byId);
  const priorMap = prior ? byId(prior.answer) : null;
  const priorKnown = prior !== null && prior.answer.kind === "ok";
  const known = periods.map((_, index) => answers[index]?.kind === "ok");

  // Every account any answer names, in the service's order (first answer first), then those
  // only the prior period has. The chart's accounts without figures anywhere are left out, as
  // the service leaves them out of a trial balance.
  const seen = new Map<string, string>();
  for (const answer of [...answers, ...(prior ? [prior.answer] : [])]) {
    if (answer.kind !== "ok") continue;
    for (const tuple of answer.accounts) if (!seen.has(tuple[0])) seen.set(tuple[0], tuple[1]);
  }
  const chart = ledgerAccounts ? new Map(ledgerAccounts.map((account) => [account.id, account])) : null;

  const accounts: PackAccount[] = [];
  for (const [id, serviceName] of seen) {
    const values = maps.map((map) => {
      if (!map) return null;
      const tuple = map.get(id);
      return tuple ? figureOf(tuple, basis) : 0n;
    });
    const priorTuple = priorMap?.get(id);
    const priorValue = priorKnown ? (priorTuple ? figureOf(priorTuple, basis) : 0n) : null;
    const info = chart?.get(id);
    accounts.push({
      id,
      name: info?.name ?? serviceName,
      nominalCode: info?.nominalCode ?? null,
      typeId: info?.typeId ?? null,
      typeName: info?.typeName ?? null,
      group: chart ? groupOfType(info?.typeId) : "other",
      ...figures(values, priorValue, basis),
    });
  }

  const groups: PackGroup[] = [];
  if (chart) {
    for (const key of GROUPS) {
      const members = accounts.filter((account) => account.group === key);
      if (members.length === 0) continue;
      // Within a group, the chart's order: by nominal code; accounts without one keep the service's order, last.
      members.sort((a, b) =>
        a.nominalCode === null
          ? b.nominalCode === null
            ? 0
            : 1
          : b.nominalCode === null
            ? -1
            : codeOrder.compare(a.nominalCode, b.nominalCode),
      );
      groups.push({ key, accounts: members, subtotal: sumFigures(members, known, basis, priorKnown) });
    }
  } else if (accounts.length > 0) {
    groups.push({ key: "other", accounts, subtotal: sumFigures(accounts, known, basis, priorKnown) });
  }

  return {
    periods,
    basis,
    columns: answers.map((answer) => columnState(answer, basis)),
    prior: prior ? { range: prior.range, state: columnState(prior.answer, basis) } : null,
    grouped: chart !== null,
    groups,
    totals: sumFigures(
      groups.map((group) => group.subtotal),
      known,
      basis,
      priorKnown,
    ),
  };
}
