import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  api,
  fixtureUsers,
  startTestSandbox,
  userByEmail,
  v31Tokens,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";

interface Balance {
  debit: string;
  credit: string;
}
interface Entry {
  id: string;
  displayed_as: string;
  $path: string;
  opening_balance: Balance;
  closing_balance: Balance;
  debit: string;
  credit: string;
}
interface TrialBalance {
  from_date: string;
  to_date: string;
  ledger_accounts: Entry[];
}

let t: TestSandbox;
let alice: FixtureUser;
let ben: FixtureUser;
let token: string;

beforeAll(async () => {
  t = await startTestSandbox();
  const users = await fixtureUsers(t);
  alice = userByEmail(users, "alice");
  ben = userByEmail(users, "ben");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.control("POST", "/reset");
  token = (await v31Tokens(t, alice)).access_token;
});

const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  const [whole = "0", fraction = "0"] = amount.split(".");
  return Number(whole) * 100 + Number(fraction);
};
const net = (balance: Balance) => cents(balance.debit) - cents(balance.credit);

async function trialBalance(from: string, to: string, accessToken = token): Promise<TrialBalance> {
  const response = await api(t, accessToken, `/trial_balance?from_date=${from}&to_date=${to}`);
  expect(response.status).toBe(200);
  return response.body as TrialBalance;
}

function expectBalanced(tb: TrialBalance) {
  const sum = (pick: (entry: Entry) => string) =>
    tb.ledger_accounts.reduce((total, entry) => total + cents(pick(entry)), 0);
  expect(sum((e) => e.opening_balance.debit)).toBe(sum((e) => e.opening_balance.credit));
  expect(sum((e) => e.debit)).toBe(sum((e) => e.credit));
  expect(sum((e) => e.closing_balance.debit)).toBe(sum((e) => e.closing_balance.credit));
  for (const entry of tb.ledger_accounts) {
    expect(net(entry.closing_balance)).toBe(net(entry.opening_balance) + cents(entry.debit) - cents(entry.credit));
    // a balance sits on one side only
    expect(cents(entry.opening_balance.debit) === 0 || cents(entry.opening_balance.credit) === 0).toBe(true);
  }
}

async function accountByCode(code: string): Promise<string> {
  const list = (await api(t, token, "/ledger_accounts?items_per_page=200&attributes=nominal_code")).body as {
    $items: Array<{ id: string; nominal_code: string }>;
  };
  const account = list.$items.find((item) => item.nominal_code === code);
  if (!account) throw new Error(`no account ${code}`);
  return account.id;
}

describe("trial balance", () => {
  it("has one entry per ledger account with the documented fields, balanced", async () => {
    const tb = await trialBalance("2025-11-01", "2026-10-31");
    expect(tb.from_date).toBe("2025-11-01");
    expect(tb.to_date).toBe("2026-10-31");
    const hartley = alice.businesses.find((b) => b.lead);
    expect(tb.ledger_accounts.length).toBe((hartley as unknown as { ledger_accounts: number }).ledger_accounts);
    expect(tb.ledger_accounts.length).toBeGreaterThanOrEqual(200);
    const first = tb.ledger_accounts[0];
    expect(Object.keys(first ?? {})).toEqual([
      "id",
      "displayed_as",
      "$path",
      "opening_balance",
      "closing_balance",
      "debit",
      "credit",
    ]);
    expect(first?.$path).toBe(`/ledger_accounts/${first?.id}`);
    expectBalanced(tb);
    expect(tb.ledger_accounts.some((entry) => cents(entry.debit) > 0)).toBe(true);
    expect(tb.ledger_accounts.some((entry) => cents(entry.opening_balance.debit) > 0)).toBe(true);
  });

  it("rolls forward: the closing balance of one period is the opening balance of the next", async () => {
    const months = [
      ["2026-01-01", "2026-01-31"],
      ["2026-02-01", "2026-02-28"],
      ["2026-03-01", "2026-03-31"],
    ] as const;
    const tbs = await Promise.all(months.map(([from, to]) => trialBalance(from, to)));
    for (const tb of tbs) expectBalanced(tb);
    for (let m = 1; m < tbs.length; m++) {
      const previous = new Map(tbs[m - 1]?.ledger_accounts.map((entry) => [entry.id, entry.closing_balance]));
      for (const entry of tbs[m]?.ledger_accounts ?? []) expect(entry.opening_balance).toEqual(previous.get(entry.id));
    }
    const quarter = await trialBalance("2026-01-01", "2026-03-31");
    const jan = new Map(tbs[0]?.ledger_accounts.map((entry) => [entry.id, entry]));
    const mar = new Map(tbs[2]?.ledger_accounts.map((entry) => [entry.id, entry]));
    for (const entry of quarter.ledger_accounts) {
      expect(entry.opening_balance).toEqual(jan.get(entry.id)?.opening_balance);
      expect(entry.closing_balance).toEqual(mar.get(entry.id)?.closing_balance);
    }
  });

  it("a single day and periods outside the journals work", async () => {
    expectBalanced(await trialBalance("2026-03-02", "2026-03-02"));
    const before = await trialBalance("2020-01-01", "2020-12-31");
    expect(
      before.ledger_accounts.every(
        (entry) => entry.closing_balance.debit === "0.00" && entry.closing_balance.credit === "0.00",
      ),
    ).toBe(true);
  });

  it.each([
    ["from_date=2026-01-01", "to_date"],
    ["to_date=2026-01-01", "from_date"],
    ["from_date=2026-02-30&to_date=2026-03-01", "from_date"],
    ["from_date=01/02/2026&to_date=2026-03-01", "from_date"],
    ["from_date=2026-03-02&to_date=2026-03-01", "from_date"],
  ])("answers 422 for %s", async (query, source) => {
    const response = await api(t, token, `/trial_balance?${query}`);
    expect(response.status).toBe(422);
    expect((response.body as Array<{ $source: string; $dataCode: string }>)[0]).toMatchObject({
      $source: source,
      $dataCode: "RecordInvalid",
    });
  });

  it("serves the 5,000-account business", async () => {
    const bensToken = (await v31Tokens(t, ben)).access_token;
    const started = Date.now();
    const tb = await trialBalance("2025-11-01", "2026-10-31", bensToken);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(tb.ledger_accounts).toHaveLength(5000);
    expectBalanced(tb);
  });
});

describe("journals through the control API", () => {
  it("reach the trial balance only after the aggregation delay (sandbox clock)", async () => {
    const bank = await accountByCode("1200");
    const sales = await accountByCode("4000");
    const before = await trialBalance("2026-01-01", "2026-01-31");
    const posted = await t.control<{ visible_at: string }>("POST", "/journals", {
      business_id: alice.businesses.find((b) => b.lead)?.id,
      date: "2026-01-15",
      lines: [
        { ledger_account_id: bank, debit: "123.45", credit: "0" },
        { ledger_account_id: sales, debit: 0, credit: 123.45 },
      ],
    });
    expect(posted.status).toBe(201);
    const immediately = await trialBalance("2026-01-01", "2026-01-31");
    expect(immediately).toEqual(before);
    await t.control("POST", "/clock", { advance_seconds: 2 });
    const after = await trialBalance("2026-01-01", "2026-01-31");
    expectBalanced(after);
    const entry = (tb: TrialBalance, id: string) => tb.ledger_accounts.find((e) => e.id === id) as Entry;
    expect(cents(entry(after, bank).debit) - cents(entry(before, bank).debit)).toBe(12345);
    expect(cents(entry(after, sales).credit) - cents(entry(before, sales).credit)).toBe(12345);
    const february = await trialBalance("2026-02-01", "2026-02-28");
    expect(net(entry(february, bank).opening_balance)).toBe(net(entry(after, bank).closing_balance));
  });

  it("the delay is configurable and also passes in real time", async () => {
    // Real time is the machine's clock (Date.now): faked and moved here instead of waited for.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect((await t.control("POST", "/settings", { aggregation_delay_ms: 150 })).body).toEqual({
      aggregation_delay_ms: 150,
    });
    const bank = await accountByCode("1200");
    const sales = await accountByCode("4000");
    const before = await trialBalance("2026-01-01", "2026-01-31");
    await t.control("POST", "/journals", {
      business_id: alice.businesses.find((b) => b.lead)?.id,
      date: "2026-01-20",
      lines: [
        { ledger_account_id: bank, debit: "10.00", credit: "0.00" },
        { ledger_account_id: sales, debit: "0.00", credit: "10.00" },
      ],
    });
    expect(await trialBalance("2026-01-01", "2026-01-31")).toEqual(before);
    vi.setSystemTime(Date.now() + 250);
    expect(await trialBalance("2026-01-01", "2026-01-31")).not.toEqual(before);
  });

  it("must balance and name accounts of the business (422), and a known business (404)", async () => {
    const bank = await accountByCode("1200");
    const sales = await accountByCode("4000");
    const business_id = alice.businesses.find((b) => b.lead)?.id;
    const unbalanced = await t.control("POST", "/journals", {
      business_id,
      date: "2026-01-15",
      lines: [
        { ledger_account_id: bank, debit: "10.00", credit: "0" },
        { ledger_account_id: sales, debit: "0", credit: "9.99" },
      ],
    });
    expect(unbalanced.status).toBe(422);
    const foreignAccount = await t.control("POST", "/journals", {
      business_id,
      date: "2026-01-15",
      lines: [
        { ledger_account_id: "nope", debit: "10.00", credit: "0" },
        { ledger_account_id: sales, debit: "0", credit: "10.00" },
      ],
    });
    expect(foreignAccount.status).toBe(422);
    const badAmount = await t.control("POST", "/journals", {
      business_id,
      date: "2026-01-15",
      lines: [
        { ledger_account_id: bank, debit: "10.001", credit: "0" },
        { ledger_account_id: sales, debit: "0", credit: "-10" },
      ],
    });
    expect(badAmount.status).toBe(422);
    expect((await t.control("POST", "/journals", { business_id: "nope", date: "2026-01-15", lines: [] })).status).toBe(
      404,
    );
  });
});
