import { describe, expect, it } from "vitest";
import {
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingRateLimitedError,
  AccountingUnauthorizedError,
  AccountingUnavailableError,
  AccountingValidationError,
  ReauthRequiredError,
} from "@/lib/accounting/errors";
import { failureState } from "./load";

describe("what the page shows when the trial balance cannot be read", () => {
  it("asks to sign in again when the connection has ended", () => {
    expect(failureState(new ReauthRequiredError())).toEqual({ kind: "reauth" });
    expect(failureState(new AccountingUnauthorizedError(401, []))).toEqual({ kind: "reauth" });
  });

  it("tells a tier restriction from a missing permission", () => {
    const tier = new AccountingForbiddenError(403, [{ dataCode: "FeatureNotAvailable", message: "Not in your plan.", source: "" }]);
    expect(failureState(tier)).toEqual({ kind: "forbidden", reason: "tier", message: "Not in your plan." });
    const business = new AccountingForbiddenError(403, [{ dataCode: "InvalidBusiness", message: "No access.", source: "X-Business" }]);
    expect(failureState(business)).toMatchObject({ kind: "forbidden", reason: "permission" });
  });

  it("maps refused dates to the date fields", () => {
    const error = new AccountingValidationError(422, [{ dataCode: "RecordInvalid", message: "from_date is not a valid date", source: "from_date" }]);
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
