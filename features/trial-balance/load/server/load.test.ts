import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountingRequest } from "@/features/accounting/server/accounting-service";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import type { SessionUser } from "@/lib/auth/server/session";
import {
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingRateLimitedError,
  AccountingUnauthorizedError,
  AccountingUnavailableError,
  AccountingValidationError,
  ReauthRequiredError,
} from "@/features/accounting/errors";
import { failureState, loadTrialBalance, type ShownBusiness } from "./load";
import type { TrialBalanceQuery } from "../../query";

vi.mock("@/features/accounting/server/for-user", () => ({ accountingClientFor: vi.fn() }));

const TRIAL_BALANCE = JSON.stringify({
  from_date: "2026-01-01",
  to_date: "2026-03-31",
  ledger_accounts: [
    {
      id: "a1",
      displayed_as: "Bank",
      opening_balance: { debit: "1.00" },
      debit: "2.50",
      credit: "0.00",
      closing_balance: { debit: "3.50" },
    },
  ],
});

/** The upstream as the client sees it: each request waits until the test answers it. */
function fakeUpstream() {
  const requests: {
    connectionId: string;
    request: AccountingRequest;
    answer: (status: number, text: string) => void;
  }[] = [];
  vi.mocked(accountingClientFor).mockImplementation(
    (user: SessionUser) =>
      ({
        send: (request: AccountingRequest) =>
          new Promise((resolve) =>
            requests.push({
              connectionId: user.connection!.id,
              request,
              answer: (status, text) => resolve({ status, text, headers: new Headers() }),
            }),
          ),
      }) as unknown as ReturnType<typeof accountingClientFor>,
  );
  return requests;
}

const person = (id: string, connectionId: string) =>
  ({ id, connection: { id: connectionId, status: "active" } }) as SessionUser;
const business: ShownBusiness = { id: "b1", name: "Ben Ltd", currency: "USD", switcherBusinessId: "b1" };
const query = { from: "2026-01-01", to: "2026-03-31", compare: "none", basis: "closing" } as TrialBalanceQuery;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("reading the trial balance while the same read is in flight", () => {
  beforeEach(() => vi.mocked(accountingClientFor).mockReset());

  it("serves concurrent views of the same figures through one connection with one upstream request", async () => {
    const requests = fakeUpstream();
    const ben = person("u1", "c1");
    const views = Promise.all([loadTrialBalance(ben, business, query), loadTrialBalance(ben, business, query)]);
    await settle();
    expect(requests).toHaveLength(1);
    requests[0]!.answer(200, TRIAL_BALANCE);
    const [first, second] = await views;
    expect(first).toMatchObject({ kind: "ok", current: "a1\tBank\t100\t0\t250\t0\t350\t0", previous: null });
    expect(second).toMatchObject({ kind: "ok", current: "a1\tBank\t100\t0\t250\t0\t350\t0" });
  });

  it("never shares between connections, people, businesses or ranges", async () => {
    const requests = fakeUpstream();
    const views = Promise.all([
      loadTrialBalance(person("u1", "c1"), business, query),
      loadTrialBalance(person("u1", "c2"), business, query),
      loadTrialBalance(person("u2", "c1"), business, query),
      loadTrialBalance(person("u1", "c1"), { ...business, id: "b2" }, query),
      loadTrialBalance(person("u1", "c1"), business, { ...query, to: "2026-02-28" }),
    ]);
    await settle();
    expect(requests.map(({ connectionId, request }) => [connectionId, request.business, request.path])).toEqual([
      ["c1", "b1", "/trial_balance?from_date=2026-01-01&to_date=2026-03-31"],
      ["c2", "b1", "/trial_balance?from_date=2026-01-01&to_date=2026-03-31"],
      ["c1", "b1", "/trial_balance?from_date=2026-01-01&to_date=2026-03-31"],
      ["c1", "b2", "/trial_balance?from_date=2026-01-01&to_date=2026-03-31"],
      ["c1", "b1", "/trial_balance?from_date=2026-01-01&to_date=2026-02-28"],
    ]);
    for (const pending of requests) pending.answer(200, TRIAL_BALANCE);
    expect((await views).map((view) => view.kind)).toEqual(["ok", "ok", "ok", "ok", "ok"]);
  });

  it("shares a failure with the views waiting for it, and reads again for the next view", async () => {
    const requests = fakeUpstream();
    const ben = person("u1", "c1");
    const views = Promise.all([loadTrialBalance(ben, business, query), loadTrialBalance(ben, business, query)]);
    await settle();
    requests[0]!.answer(200, "not json");
    expect(await views).toEqual([{ kind: "badResponse" }, { kind: "badResponse" }]);
    const next = loadTrialBalance(ben, business, query);
    await settle();
    expect(requests).toHaveLength(2);
    requests[1]!.answer(200, TRIAL_BALANCE);
    expect(await next).toMatchObject({ kind: "ok" });
  });
});

describe("what the page shows when the trial balance cannot be read", () => {
  it("asks to sign in again when the connection has ended", () => {
    expect(failureState(new ReauthRequiredError())).toEqual({ kind: "reauth" });
    expect(failureState(new AccountingUnauthorizedError(401, []))).toEqual({ kind: "reauth" });
  });

  it("tells a tier restriction from a missing permission", () => {
    const tier = new AccountingForbiddenError(403, [
      { dataCode: "FeatureNotAvailable", message: "Not in your plan.", source: "" },
    ]);
    expect(failureState(tier)).toEqual({ kind: "forbidden", reason: "tier", message: "Not in your plan." });
    const business = new AccountingForbiddenError(403, [
      { dataCode: "InvalidBusiness", message: "No access.", source: "X-Business" },
    ]);
    expect(failureState(business)).toMatchObject({ kind: "forbidden", reason: "permission" });
  });

  it("maps refused dates to the date fields", () => {
    const error = new AccountingValidationError(422, [
      { dataCode: "RecordInvalid", message: "from_date is not a valid date", source: "from_date" },
    ]);
    expect(failureState(error)).toMatchObject({ kind: "invalid", errors: { from: "dateInvalid" } });
  });

  it("passes on when to retry", () => {
    const limited = new AccountingRateLimitedError(429, []);
    limited.retryAfterMs = 2500;
    expect(failureState(limited)).toEqual({ kind: "rateLimited", retryAfterSeconds: 3 });
    const unavailable = new AccountingUnavailableError(503, []);
    unavailable.retryAt = new Date("2026-01-01T10:00:00Z");
    expect(failureState(unavailable)).toEqual({ kind: "unavailable", retryAt: "2026-01-01T10:00:00.000Z" });
    expect(failureState(new AccountingNetworkError("refused", false))).toEqual({ kind: "unreachable" });
  });

  it("lets other errors reach the error page", () => {
    expect(() => failureState(new TypeError("bug"))).toThrow("bug");
  });
});
