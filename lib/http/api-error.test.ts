import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingUnavailableError,
  AccountingValidationError,
  NeedsV31Error,
  ReauthRequiredError,
} from "@/features/accounting/errors";
import {
  PayrollCompanyNotReachableError,
  PayrollNetworkError,
  PayrollNotConnectedError,
  PayrollRateLimitedError,
  PayrollUnauthorizedError,
} from "@/features/payroll/errors";
import { API_ERROR_STATUS, ApiError, toApiError } from "./api-error";
import { apiErrorCodeSchema } from "./envelope";
import { UpstreamError } from "./upstream-error";
import { captureLog } from "@/lib/log/testing/capture";
import { withLogContext } from "@/lib/log/context";

describe("the one error mapping", () => {
  it("has a status for every code of the enum", () => {
    for (const code of apiErrorCodeSchema.options) expect(API_ERROR_STATUS[code], code).toBeTypeOf("number");
  });

  it("maps both services' errors through their one base class, the service's text only as detail", () => {
    const forbidden = new AccountingForbiddenError(403, [
      { dataCode: "Forbidden", message: "Not the owner", source: "" },
    ]);
    expect(forbidden).toBeInstanceOf(UpstreamError);
    expect(toApiError(forbidden)).toMatchObject({ code: "forbidden", status: 403, detail: "Not the owner" });
    expect(toApiError(forbidden).message).not.toContain("Not the owner");
    const refused = new PayrollUnauthorizedError(401, "UNAUTHORIZED", "Invalid API key");
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(toApiError(refused)).toMatchObject({ code: "key_refused", status: 502, detail: "Invalid API key" });
    expect(toApiError(new AccountingValidationError(422, []))).toMatchObject({ code: "invalid", status: 422 });
    expect(toApiError(new AccountingNetworkError("x", true))).toMatchObject({
      code: "upstream_unreachable",
      status: 502,
    });
    expect(toApiError(new PayrollNetworkError("x", false))).toMatchObject({
      code: "upstream_unreachable",
      status: 502,
    });
  });

  it("says when to come back", () => {
    const unavailable = new AccountingUnavailableError(503, []);
    unavailable.retryAt = new Date("2026-11-30T12:00:00Z");
    expect(toApiError(unavailable).body()).toMatchObject({ code: "unavailable", retryAt: "2026-11-30T12:00:00.000Z" });
    const limited = new PayrollRateLimitedError(429, "RATE_LIMITED", "slow down");
    limited.retryAfterMs = 2_000;
    expect(toApiError(limited).body().retryAt).toEqual(expect.any(String));
  });

  it("marks writes whose outcome is unknown", () => {
    expect(new PayrollNetworkError("x", true).ambiguous).toBe(true);
    expect(new PayrollUnauthorizedError(401, "U", "x").ambiguous).toBe(false);
  });

  it("knows the app's own refusals as ApiErrors", () => {
    expect(toApiError(new PayrollNotConnectedError())).toMatchObject({ code: "not_connected", status: 409 });
    expect(toApiError(new PayrollCompanyNotReachableError())).toMatchObject({ code: "unknown_company", status: 404 });
    expect(toApiError(new ReauthRequiredError())).toMatchObject({ code: "reauth_required", status: 401 });
    expect(toApiError(new NeedsV31Error())).toMatchObject({ code: "needs_v3_1", status: 409 });
  });

  it("maps a ZodError to 422 invalid with fields", () => {
    const error = z.object({ a: z.string() }).safeParse({ a: 1 }).error!;
    expect(toApiError(error)).toMatchObject({ code: "invalid", status: 422, fields: { a: expect.any(String) } });
  });

  it("answers anything else as internal with a requestId, logged once", () => {
    const log = captureLog();
    const mapped = toApiError(new Error("boom"));
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped.body()).toMatchObject({ code: "internal", requestId: expect.any(String) });
    expect(log.records()).toHaveLength(1);
    expect(log.records()[0]).toMatchObject({ level: "error", requestId: mapped.body().requestId });
  });

  it("names the request's id, from its log context, in the internal error and its line", () => {
    const log = captureLog();
    const mapped = withLogContext({ requestId: "req-1" }, () => toApiError(new Error("boom")));
    expect(mapped.body()).toMatchObject({ code: "internal", requestId: "req-1" });
    expect(log.records()).toEqual([
      expect.objectContaining({ requestId: "req-1", err: expect.objectContaining({ message: "boom" }) }),
    ]);
  });
});
