import { describe, expect, it } from "vitest";
import type { AccountTuple } from "../response";
import { GROUPS } from "./account-groups";
import { buildPack, type LedgerAccountInfo, type PackFigures } from "./model";
import { packPeriods } from "../periods";

const periods = packPeriods({ from: "2026-01-01", to: "2026-03-31" }, "months");

/** An account's tuple: movement debit/credit and closing debit/credit in cents. */
function tuple(id: string, debit: number, credit: number, closingDebit = debit, closingCredit = credit): AccountTuple {
  return [id, `${id} (service)`, "0", "0", String(debit), String(credit), String(closingDebit), String(closingCredit)];
}

const chart: LedgerAccountInfo[] = [
  { id: "sales", nominalCode: "4000", name: "Sales", typeId: "SALES", typeName: "Sales" },
  { id: "bank", nominalCode: "1200", name: "Bank", typeId: "BANK", typeName: "Bank" },
  { id: "cash", nominalCode: "900", name: "Cash", typeId: "CURRENT_ASSETS", typeName: "Current Assets" },
  { id: "vat", nominalCode: "2200", name: "VAT", typeId: "CURRENT_LIABILITY", typeName: "Current Liabilities" },
  { id: "rent", nominalCode: "7100", name: "Rent", typeId: "OVERHEADS", typeName: "Overheads" },
  { id: "odd", nominalCode: "9999", name: "Suspense", typeId: "SOMETHING_NEW", typeName: "New" },
  { id: "capital", nominalCode: "3000", name: "Capital", typeId: "EQUITY", typeName: "Equity" },
];

const month = (extra = 0): AccountTuple[] => [
  tuple("sales", 0, 100_001 + extra),
  tuple("bank", 60_000 + extra, 0),
  tuple("cash", 40_002, 0),
  tuple("vat", 0, 20_000),
  tuple("rent", 19_999, 0),
  tuple("odd", 1, 0),
  tuple("capital", 0, 1),
];

function sum(rows: readonly PackFigures[], pick: (row: PackFigures) => bigint | null): bigint {
  return rows.reduce((total, row) => total + (pick(row) ?? 0n), 0n);
}

describe("buildPack", () => {
  const pack = buildPack({
    periods,
    answers: [
      { kind: "ok", accounts: month(0) },
      { kind: "ok", accounts: month(7) },
      { kind: "ok", accounts: month(13) },
    ],
    prior: {
      range: { from: "2025-01-01", to: "2025-03-31" },
      answer: { kind: "ok", accounts: [tuple("sales", 0, 50_000), tuple("bank", 50_000, 0)] },
    },
    ledgerAccounts: chart,
    basis: "movement",
  });

  it("puts the groups in the order accountants read them; an unknown type goes to other", () => {
    expect(pack.grouped).toBe(true);
    expect(pack.groups.map((group) => group.key)).toEqual([
      "assets",
      "liabilities",
      "equity",
      "income",
      "expenses",
      "other",
    ]);
    expect(GROUPS).toEqual(["assets", "liabilities", "equity", "income", "expenses", "other"]);
    expect(pack.groups.at(-1)!.accounts.map((account) => account.id)).toEqual(["odd"]);
  });

  it("orders accounts in a group by nominal code, numerically, with the chart's names", () => {
    const assets = pack.groups[0]!;
    expect(assets.accounts.map((account) => [account.nominalCode, account.name])).toEqual([
      ["900", "Cash"],
      ["1200", "Bank"],
    ]);
  });

  it("makes subtotals that equal the sum of their accounts to the cent, in every column", () => {
    for (const group of pack.groups) {
      for (let column = 0; column < periods.length; column += 1) {
        expect(group.subtotal.values[column]).toBe(sum(group.accounts, (row) => row.values[column]!));
      }
      expect(group.subtotal.total).toBe(sum(group.accounts, (row) => row.total));
      expect(group.subtotal.prior).toBe(sum(group.accounts, (row) => row.prior));
      expect(group.subtotal.variance).toBe(sum(group.accounts, (row) => row.variance));
    }
    expect(pack.groups[0]!.subtotal.values).toEqual([100_002n, 100_009n, 100_015n]);
  });

  it("sums movements into the total column; the variance is total − prior", () => {
    const bank = pack.groups[0]!.accounts[1]!;
    expect(bank.total).toBe(60_000n + 60_007n + 60_013n);
    expect(bank.prior).toBe(50_000n);
    expect(bank.variance).toBe(bank.total! - 50_000n);
    const rent = pack.groups.find((group) => group.key === "expenses")!.accounts[0]!;
    expect(rent.prior).toBe(0n);
  });

  it("balances every column: debits against credits, and the grand total of nets is zero", () => {
    for (const column of pack.columns) {
      expect(column.kind).toBe("ok");
      if (column.kind === "ok") expect(column.balance.difference).toBe(0n);
    }
    expect(pack.totals.values).toEqual([0n, 0n, 0n]);
    expect(pack.columns[0]).toEqual({ kind: "ok", balance: { debit: 120_002n, credit: 120_002n, difference: 0n } });
  });
});

describe("buildPack with a failing or pending column", () => {
  const pack = buildPack({
    periods,
    answers: [
      { kind: "ok", accounts: month(0) },
      { kind: "failed", code: "upstream_unavailable" },
      { kind: "pending" },
    ],
    prior: null,
    ledgerAccounts: chart,
    basis: "movement",
  });

  it("keeps the other columns' figures and marks the failing one", () => {
    expect(pack.columns.map((column) => column.kind)).toEqual(["ok", "failed", "pending"]);
    const bank = pack.groups[0]!.accounts[1]!;
    expect(bank.values).toEqual([60_000n, null, null]);
    expect(bank.total).toBeNull();
    expect(pack.groups[0]!.subtotal.values).toEqual([100_002n, null, null]);
    expect(pack.prior).toBeNull();
    expect(bank.prior).toBeNull();
  });
});

describe("buildPack while columns load", () => {
  it("has no figures for a column without an answer: the grand total and subtotals are unknown there, not 0", () => {
    const loading = buildPack({
      periods,
      answers: [{ kind: "pending" }, { kind: "pending" }, { kind: "pending" }],
      prior: null,
      ledgerAccounts: chart,
      basis: "movement",
    });
    expect(loading.groups).toEqual([]);
    expect(loading.totals).toEqual({ values: [null, null, null], total: null, prior: null, variance: null });
    const some = buildPack({
      periods,
      answers: [{ kind: "ok", accounts: month(0) }, { kind: "failed", code: "unavailable" }, { kind: "pending" }],
      prior: null,
      ledgerAccounts: null,
      basis: "movement",
    });
    expect(some.totals.values).toEqual([0n, null, null]);
    expect(some.totals.total).toBeNull();
  });
});

describe("buildPack on closing balances", () => {
  it("takes the last column's balance as the total (not a sum of month ends)", () => {
    const pack = buildPack({
      periods,
      answers: [
        { kind: "ok", accounts: [tuple("bank", 0, 0, 100, 0), tuple("sales", 0, 0, 0, 100)] },
        { kind: "ok", accounts: [tuple("bank", 0, 0, 250, 0), tuple("sales", 0, 0, 0, 250)] },
        { kind: "ok", accounts: [tuple("bank", 0, 0, 400, 0), tuple("sales", 0, 0, 0, 400)] },
      ],
      prior: null,
      ledgerAccounts: chart,
      basis: "closing",
    });
    const bank = pack.groups[0]!.accounts[0]!;
    expect(bank.values).toEqual([100n, 250n, 400n]);
    expect(bank.total).toBe(400n);
    expect(pack.groups.find((group) => group.key === "income")!.subtotal.total).toBe(-400n);
  });
});

describe("buildPack without ledger accounts", () => {
  it("is one plain list in the service's order", () => {
    const pack = buildPack({
      periods: periods.slice(0, 1),
      answers: [{ kind: "ok", accounts: month(0) }],
      prior: null,
      ledgerAccounts: null,
      basis: "movement",
    });
    expect(pack.grouped).toBe(false);
    expect(pack.groups).toHaveLength(1);
    expect(pack.groups[0]!.accounts.map((account) => account.id)).toEqual([
      "sales",
      "bank",
      "cash",
      "vat",
      "rent",
      "odd",
      "capital",
    ]);
    expect(pack.groups[0]!.accounts[0]!.name).toBe("sales (service)");
    expect(pack.totals.values).toEqual([0n]);
  });

  it("puts an account the chart does not know under other", () => {
    const pack = buildPack({
      periods: periods.slice(0, 1),
      answers: [{ kind: "ok", accounts: [tuple("new", 5, 0), tuple("bank", 0, 5)] }],
      prior: null,
      ledgerAccounts: chart,
      basis: "movement",
    });
    expect(pack.groups.map((group) => [group.key, group.accounts.map((account) => account.id)])).toEqual([
      ["assets", ["bank"]],
      ["other", ["new"]],
    ]);
  });
});
