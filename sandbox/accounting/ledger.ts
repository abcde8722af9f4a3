import { formatDay } from "./days";
import type { JournalLine, LedgerAccount, LedgerFixture } from "./model";
import { formatCents } from "./money";

/** Cumulative debit and credit of one account after each day it has postings. */
interface AccountSeries {
  days: Int32Array;
  cumDebit: Float64Array;
  cumCredit: Float64Array;
}

const EMPTY: AccountSeries = { days: new Int32Array(0), cumDebit: new Float64Array(0), cumCredit: new Float64Array(0) };

function buildSeries(lines: Array<Pick<JournalLine, "day" | "debit" | "credit">>): AccountSeries {
  if (lines.length === 0) return EMPTY;
  const sorted = [...lines].sort((a, b) => a.day - b.day);
  const days: number[] = [];
  const debit: number[] = [];
  const credit: number[] = [];
  let d = 0;
  let c = 0;
  for (const line of sorted) {
    d += line.debit;
    c += line.credit;
    if (days[days.length - 1] === line.day) {
      debit[debit.length - 1] = d;
      credit[credit.length - 1] = c;
    } else {
      days.push(line.day);
      debit.push(d);
      credit.push(c);
    }
  }
  return { days: Int32Array.from(days), cumDebit: Float64Array.from(debit), cumCredit: Float64Array.from(credit) };
}

/** Index of the last entry on or before `day`, or -1. */
function lastIndexThrough(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] ?? 0) <= day) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

const ZERO_BALANCE = `{"debit":"0.00","credit":"0.00"}`;

function balanceJson(net: number): string {
  if (net === 0) return ZERO_BALANCE;
  return net > 0
    ? `{"debit":"${formatCents(net)}","credit":"0.00"}`
    : `{"debit":"0.00","credit":"${formatCents(-net)}"}`;
}

interface PendingJournal {
  visibleAtMs: number;
  lines: JournalLine[];
}

/**
 * One business's ledger with per-account cumulative sums by day, so a trial
 * balance costs two binary searches per account whatever the number of journals.
 * Journals posted later become visible after the aggregation delay.
 */
export class BusinessLedger {
  readonly accounts: LedgerAccount[];
  private readonly baseLines: JournalLine[][];
  private readonly baseSeries: AccountSeries[];
  private readonly accountIndexById: Map<string, number>;
  private readonly entryPrefix: string[];
  private extraLines = new Map<number, JournalLine[]>();
  private overlay = new Map<number, AccountSeries>();
  private pending: PendingJournal[] = [];
  /** Rendered trial balances by period; cleared whenever the visible ledger changes. */
  private readonly rendered = new Map<string, Buffer>();

  constructor(fixture: LedgerFixture) {
    this.accounts = fixture.accounts;
    this.baseLines = fixture.accounts.map(() => []);
    for (const line of fixture.lines) this.baseLines[line.account]?.push(line);
    this.baseSeries = this.baseLines.map((lines) => buildSeries(lines));
    this.accountIndexById = new Map(fixture.accounts.map((account, index) => [account.id, index]));
    this.entryPrefix = fixture.accounts.map(
      (account) =>
        `{"id":${JSON.stringify(account.id)},"displayed_as":${JSON.stringify(
          `${account.name} (${account.nominal_code})`,
        )},"$path":"/ledger_accounts/${account.id}",`,
    );
  }

  accountIndex(id: string): number | undefined {
    return this.accountIndexById.get(id);
  }

  /** Queues a balanced journal; it reaches the trial balance at `visibleAtMs` (sandbox clock). */
  post(lines: JournalLine[], visibleAtMs: number): void {
    this.pending.push({ visibleAtMs, lines });
  }

  /** Applies every queued journal whose time has come. */
  flush(nowMs: number): void {
    if (this.pending.length === 0) return;
    const due = this.pending.filter((journal) => journal.visibleAtMs <= nowMs);
    if (due.length === 0) return;
    this.pending = this.pending.filter((journal) => journal.visibleAtMs > nowMs);
    const touched = new Set<number>();
    for (const journal of due) {
      for (const line of journal.lines) {
        const extra = this.extraLines.get(line.account) ?? [];
        extra.push(line);
        this.extraLines.set(line.account, extra);
        touched.add(line.account);
      }
    }
    this.rendered.clear();
    for (const account of touched) {
      this.overlay.set(
        account,
        buildSeries([...(this.baseLines[account] ?? []), ...(this.extraLines.get(account) ?? [])]),
      );
    }
  }

  reset(): void {
    this.extraLines.clear();
    this.overlay.clear();
    this.pending = [];
    this.rendered.clear();
  }

  /** The trial balance body for [fromDay, toDay], rendered once per period and ledger state. */
  trialBalance(fromDay: number, toDay: number): Buffer {
    const key = `${fromDay}:${toDay}`;
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const body = Buffer.from(this.trialBalanceJson(fromDay, toDay));
    if (this.rendered.size >= 32) this.rendered.clear();
    this.rendered.set(key, body);
    return body;
  }

  /** The trial balance body for [fromDay, toDay] as JSON text. */
  trialBalanceJson(fromDay: number, toDay: number): string {
    let out = `{"from_date":"${formatDay(fromDay)}","to_date":"${formatDay(toDay)}","ledger_accounts":[`;
    const count = this.accounts.length;
    for (let i = 0; i < count; i++) {
      const series = this.overlay.get(i) ?? this.baseSeries[i] ?? EMPTY;
      const before = lastIndexThrough(series.days, fromDay - 1);
      const through = lastIndexThrough(series.days, toDay);
      const openingDebit = before < 0 ? 0 : (series.cumDebit[before] ?? 0);
      const openingCredit = before < 0 ? 0 : (series.cumCredit[before] ?? 0);
      const closingDebit = through < 0 ? 0 : (series.cumDebit[through] ?? 0);
      const closingCredit = through < 0 ? 0 : (series.cumCredit[through] ?? 0);
      out +=
        `${i === 0 ? "" : ","}${this.entryPrefix[i] ?? "{"}"opening_balance":${balanceJson(openingDebit - openingCredit)},` +
        `"closing_balance":${balanceJson(closingDebit - closingCredit)},` +
        `"debit":"${formatCents(closingDebit - openingDebit)}","credit":"${formatCents(closingCredit - openingCredit)}"}`;
    }
    return `${out}]}`;
  }
}
