import { describe, expect, vi } from "vitest";
import type { AccountingRequest } from "@/features/accounting/server/accounting-service";
import { test } from "@/features/accounting/testing/fixtures";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import type { SessionUser } from "@/lib/auth/server/session";
import { getDb } from "@/lib/db/client";
import type { ShownBusiness } from "../../load/server/load";
import type { TrialBalanceQuery } from "../../query";
import { ledgerAccountsFor } from "./ledger-accounts";
import { loadPack } from "./load";

vi.mock("@/features/accounting/server/for-user", () => ({ accountingClientFor: vi.fn() }));

const BUSINESS = `pack-test-${process.pid}`;
const business: ShownBusiness = { id: BUSINESS, name: "Ben Ltd", currency: "USD", switcherBusinessId: BUSINESS };
const ben = { id: "00000000-0000-4000-8000-000000000001", connection: { id: "c1", status: "active" } } as SessionUser;
const query = (from: string, to: string, extra: Partial<TrialBalanceQuery> = {}) =>
  ({ from, to, compare: "none", basis: "movement", columns: "months", ...extra }) as TrialBalanceQuery;

function balance(from: string, amount: string) {
  return JSON.stringify({
    from_date: from,
    ledger_accounts: [
      {
        id: "bank",
        displayed_as: "Bank",
        debit: amount,
        credit: "0.00",
        opening_balance: {},
        closing_balance: { debit: amount },
      },
      {
        id: "sales",
        displayed_as: "Sales",
        debit: "0.00",
        credit: amount,
        opening_balance: {},
        closing_balance: { credit: amount },
      },
    ],
  });
}

const page = (total: number) => ({
  $total: total,
  $items: [
    { id: "bank", name: "Bank", nominal_code: "1200", ledger_account_type: { id: "BANK", displayed_as: "Bank" } },
    { id: "sales", name: "Sales", nominal_code: "4000", ledger_account_type: { id: "SALES", displayed_as: "Sales" } },
  ],
});

/** A service whose trial balances answer per `from_date`; `failing` months answer 503; counts what runs at once. */
function fakeService(options: { failing?: string[]; ledgerFails?: boolean; status?: number } = {}) {
  const seen = { running: 0, most: 0, ledgerPages: 0, paths: [] as string[] };
  vi.mocked(accountingClientFor).mockImplementation(
    () =>
      ({
        send: async (request: AccountingRequest) => {
          seen.running += 1;
          seen.most = Math.max(seen.most, seen.running);
          seen.paths.push(request.path);
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen.running -= 1;
          const from = new URLSearchParams(request.path.split("?")[1]).get("from_date")!;
          if (options.failing?.includes(from))
            return {
              status: options.status ?? 503,
              text: JSON.stringify([{ $dataCode: "ServiceUnavailable", $message: "down" }]),
              headers: new Headers(),
            };
          return {
            status: 200,
            text: balance(from, from.endsWith("-01") ? `${Number(from.slice(5, 7))}.25` : "1.00"),
            headers: new Headers(),
          };
        },
        listLedgerAccountsPage: async () => {
          seen.ledgerPages += 1;
          if (options.ledgerFails) throw new Error("ledger accounts unreachable");
          return page(2);
        },
      }) as unknown as ReturnType<typeof accountingClientFor>,
  );
  return seen;
}

// The app's configuration (and its test database) come from the shared fixture; the service itself
// is the fake above. Each test starts with the mock reset and without the business's cached rows,
// and leaves none behind.
const it = test.extend("freshBusiness", { auto: true }, async ({}, { onCleanup }) => {
  const clear = async () => {
    await getDb().ledgerAccountCache.deleteMany({ where: { businessId: BUSINESS } });
    await getDb().accountingBusinessSettings.deleteMany({ where: { businessId: BUSINESS } });
  };
  vi.mocked(accountingClientFor).mockReset();
  await clear();
  onCleanup(clear);
});

describe("loadPack", () => {
  it("reads every month, four at a time; a failing month is marked and the others have figures", async () => {
    const seen = fakeService({ failing: ["2026-03-01"] });
    const load = await loadPack(ben, business, query("2026-01-01", "2026-06-30"));
    expect(load.kind).toBe("ok");
    if (load.kind !== "ok") return;
    expect(seen.most).toBeLessThanOrEqual(4);
    expect(load.pack.periods.map((period) => period.key)).toEqual([
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);
    expect(load.pack.columns.map((column) => column.kind)).toEqual(["ok", "ok", "failed", "ok", "ok", "ok"]);
    expect(load.pack.columns[2]).toMatchObject({ kind: "failed", code: "unavailable" });
    expect(load.pack.grouped).toBe(true);
    expect(load.pack.groups.map((group) => [group.key, group.subtotal.values])).toEqual([
      ["assets", [125n, 225n, null, 425n, 525n, 625n]],
      ["income", [-125n, -225n, null, -425n, -525n, -625n]],
    ]);
    expect(load.ledgerAccounts.failed).toBe(false);
  });

  it("follows the financial year for quarters and refuses more than 13 columns before any call", async () => {
    const seen = fakeService();
    await getDb().accountingBusinessSettings.create({ data: { businessId: BUSINESS, financialYearStartMonth: 4 } });
    const load = await loadPack(
      ben,
      business,
      query("2026-04-01", "2027-03-31", { columns: "quarters", compare: "year" }),
    );
    expect(load.kind === "ok" && load.pack.periods.map((period) => period.key)).toEqual([
      "2026-Q1",
      "2026-Q2",
      "2026-Q3",
      "2026-Q4",
    ]);
    expect(load.kind === "ok" && load.pack.prior?.range).toEqual({ from: "2025-04-01", to: "2026-03-31" });
    expect(load.kind === "ok" && load.fyStartMonth).toBe(4);
    const calls = seen.paths.length;
    expect(await loadPack(ben, business, query("2025-01-01", "2026-02-28"))).toEqual({
      kind: "tooManyPeriods",
      count: 14,
    });
    expect(seen.paths.length).toBe(calls);
  });

  it("gives the single period's state when every column fails alike", async () => {
    fakeService({ failing: ["2026-01-01", "2026-02-01"], status: 401 });
    const load = await loadPack(ben, business, query("2026-01-01", "2026-02-28"));
    expect(load.kind).toBe("reauth");
  });
});

describe("ledgerAccountsFor", () => {
  it("keeps the accounts a day, reads again on request or after the day, and keeps the old ones when a read fails", async () => {
    const seen = fakeService();
    const now = new Date("2026-11-24T06:00:00Z");
    const first = await ledgerAccountsFor(ben, BUSINESS, { now });
    expect(first.accounts?.map((account) => [account.id, account.nominalCode, account.typeId])).toEqual([
      ["bank", "1200", "BANK"],
      ["sales", "4000", "SALES"],
    ]);
    await ledgerAccountsFor(ben, BUSINESS, { now: new Date("2026-11-25T05:59:00Z") });
    expect(seen.ledgerPages).toBe(1);
    await ledgerAccountsFor(ben, BUSINESS, { now: new Date("2026-11-25T06:00:01Z") });
    expect(seen.ledgerPages).toBe(2);
    await ledgerAccountsFor(ben, BUSINESS, { refresh: true, now: new Date("2026-11-25T06:01:00Z") });
    expect(seen.ledgerPages).toBe(3);

    fakeService({ ledgerFails: true });
    const failed = await ledgerAccountsFor(ben, BUSINESS, { refresh: true, now: new Date("2026-11-26T06:00:00Z") });
    expect(failed.failed).toBe(true);
    expect(failed.accounts).toHaveLength(2);
    expect(failed.fetchedAt?.toISOString()).toBe("2026-11-25T06:01:00.000Z");
  });

  it("has none when they were never read and cannot be: the pack is then a plain list", async () => {
    fakeService({ ledgerFails: true });
    const state = await ledgerAccountsFor(ben, BUSINESS);
    expect(state).toEqual({ accounts: null, fetchedAt: null, failed: true });
    const load = await loadPack(ben, business, query("2026-01-01", "2026-01-31"));
    expect(load.kind === "ok" && load.pack.grouped).toBe(false);
    expect(load.kind === "ok" && load.ledgerAccounts.failed).toBe(true);
  });
});
