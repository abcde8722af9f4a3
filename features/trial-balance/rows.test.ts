import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureUsers, startTestSandbox, userByEmail, v31Tokens, type TestSandbox } from "@/sandbox/test-support";
import { centsToDecimal } from "@/lib/money/decimal";
import { compactTrialBalance, type AccountTuple } from "./response";
import { balanceCheck, buildRows, totalsOf, viewRows } from "./rows";

interface ServiceLine {
  id: string;
  opening_balance: { debit: string; credit: string };
  closing_balance: { debit: string; credit: string };
  debit: string;
  credit: string;
}

/** Reference: every amount turned into cents from its digits and summed as BigInt. */
function referenceCents(text: string): bigint {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
}

function referenceTotals(lines: ServiceLine[]): string[] {
  const pick = [
    (line: ServiceLine) => line.opening_balance.debit,
    (line: ServiceLine) => line.opening_balance.credit,
    (line: ServiceLine) => line.debit,
    (line: ServiceLine) => line.credit,
    (line: ServiceLine) => line.closing_balance.debit,
    (line: ServiceLine) => line.closing_balance.credit,
  ];
  return pick.map((get) => centsToDecimal(lines.reduce((sum, line) => sum + referenceCents(get(line)), 0n)));
}

let t: TestSandbox;
let token: string;

async function serviceTrialBalance(from: string, to: string): Promise<{ body: unknown; lines: ServiceLine[] }> {
  const response = await fetch(`${t.urls.accounting.base_url}/trial_balance?from_date=${from}&to_date=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { ledger_accounts: ServiceLine[] };
  return { body, lines: body.ledger_accounts };
}

describe("trial balance totals of the 5,000-account business", () => {
  beforeAll(async () => {
    t = await startTestSandbox();
    const ben = userByEmail(await fixtureUsers(t), "ben");
    token = (await v31Tokens(t, ben)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("equal the BigInt-cents reference to the cent, and balance", async () => {
    for (const [from, to] of [
      ["2025-11-01", "2026-10-31"],
      ["2026-02-01", "2026-02-28"],
      ["2026-04-01", "2026-06-30"],
    ] as const) {
      const { body, lines } = await serviceTrialBalance(from, to);
      const compact = compactTrialBalance(body)!;
      expect(compact.accounts).toHaveLength(5000);
      const totals = totalsOf(buildRows(compact.accounts, null, "closing"), false);
      expect(totals.amounts.map(centsToDecimal)).toEqual(referenceTotals(lines));
      expect(balanceCheck(totals).every((line) => line.difference === 0n)).toBe(true);
    }
  });

  it("compares with the year before: variance per account and in total", async () => {
    const current = compactTrialBalance((await serviceTrialBalance("2026-01-01", "2026-03-31")).body)!;
    const previous = await serviceTrialBalance("2025-01-01", "2025-03-31");
    const rows = buildRows(current.accounts, compactTrialBalance(previous.body)!.accounts, "closing");
    const totals = totalsOf(rows, true);
    const prevDebit = previous.lines.reduce((sum, line) => sum + referenceCents(line.closing_balance.debit), 0n);
    expect(totals.comparison!.debit).toBe(prevDebit);
    for (const row of rows.slice(0, 50)) {
      const [, , , , closingDebit, closingCredit] = row.amounts;
      expect(row.comparison!.variance).toBe(
        closingDebit - closingCredit - (row.comparison!.debit - row.comparison!.credit),
      );
    }
  });
});

describe("rows, filter and sort", () => {
  const tuples: AccountTuple[] = [
    ["a1", "Sales (4000)", "0", "100000", "0", "5050", "0", "105050"],
    ["a2", "Bank (1200)", "100000", "0", "5050", "0", "105050", "0"],
    ["a3", "Unused (9999)", "0", "0", "0", "0", "0", "0"],
  ];

  it("hides empty accounts, filters by name or id, sorts by any column", () => {
    const rows = buildRows(tuples, null, "closing");
    const sort = { key: "service" as const, direction: "asc" as const };
    expect(viewRows(rows, { filter: "", hideEmpty: true, sort }, "en").map((row) => row.id)).toEqual(["a1", "a2"]);
    expect(viewRows(rows, { filter: "BANK", hideEmpty: false, sort }, "en").map((row) => row.id)).toEqual(["a2"]);
    expect(viewRows(rows, { filter: "a3", hideEmpty: false, sort }, "en").map((row) => row.id)).toEqual(["a3"]);
    expect(
      viewRows(rows, { filter: "", hideEmpty: false, sort: { key: "account", direction: "asc" } }, "en").map(
        (row) => row.id,
      ),
    ).toEqual(["a2", "a1", "a3"]);
    expect(
      viewRows(rows, { filter: "", hideEmpty: false, sort: { key: "closingCredit", direction: "desc" } }, "en").map(
        (row) => row.id,
      ),
    ).toEqual(["a1", "a2", "a3"]);
  });

  it("keeps accounts only the earlier period has", () => {
    const rows = buildRows(
      tuples.slice(0, 2),
      [["old", "Closed account", "0", "0", "0", "0", "2500", "0"], ...tuples.slice(0, 2)],
      "closing",
    );
    const old = rows.find((row) => row.id === "old")!;
    expect(old.amounts.every((amount) => amount === 0n)).toBe(true);
    expect(old.comparison).toMatchObject({ debit: 2500n, variance: -2500n, percent: -10000n });
  });

  it("reports the difference when debits and credits disagree", () => {
    const rows = buildRows([["x", "X", "100", "0", "0", "0", "100", "0"]], null, "closing");
    const lines = balanceCheck(totalsOf(rows, false));
    expect(lines.find((line) => line.part === "opening")!.difference).toBe(100n);
    expect(lines.find((line) => line.part === "period")!.difference).toBe(0n);
  });
});

describe("the compact form", () => {
  it("reads the service's amounts as cents and survives packing", async () => {
    const { compactTrialBalance, packAccounts, unpackAccounts } = await import("./response");
    const compact = compactTrialBalance({
      from_date: "2026-01-01",
      to_date: "2026-01-31",
      ledger_accounts: [
        {
          id: "a\t1",
          displayed_as: "Tab\tand\nbreak",
          opening_balance: { debit: "0.00", credit: "1000.5" },
          closing_balance: { debit: "0.05", credit: "0" },
          debit: "007.10",
          credit: 12.3,
        },
      ],
    })!;
    expect(compact.accounts).toEqual([["a 1", "Tab and break", "0", "100050", "710", "1230", "5", "0"]]);
    expect(unpackAccounts(packAccounts(compact.accounts))).toEqual(compact.accounts);
    expect(compactTrialBalance({ ledger_accounts: [{ id: "x", opening_balance: { debit: "1.234" } }] })).toBeNull();
  });
});
