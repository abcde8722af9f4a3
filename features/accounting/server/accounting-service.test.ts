import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetQuietPeriods } from "@/lib/http/quiet-periods";
import { AccountingClient } from "./accounting-service";
import {
  AccountingForbiddenError,
  AccountingNetworkError,
  AccountingRateLimitedError,
  AccountingResponseError,
  AccountingUnavailableError,
  AccountingValidationError,
} from "../errors";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const seen: { method: string; url: string; auth: string; business: string | undefined }[] = [];
let baseUrl = "";
const server = createServer((req, res) => {
  seen.push({
    method: req.method ?? "",
    url: req.url ?? "",
    auth: req.headers.authorization ?? "",
    business: req.headers["x-business"] as string | undefined,
  });
  handler(req, res);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3.1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  resetQuietPeriods();
});

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const waits: number[] = [];
function client(overrides: { renew?: (stale: string) => Promise<string>; timeoutMs?: number } = {}) {
  waits.length = 0;
  return new AccountingClient({
    baseUrl,
    credential: "test-connection",
    timeoutMs: overrides.timeoutMs ?? 2_000,
    tokens: { get: async () => "token-1", renew: overrides.renew ?? (async () => "token-2") },
    sleep: async (ms) => void waits.push(ms),
  });
}

const errorBody = (code: string, message: string, source = "") => [
  { $severity: "error", $dataCode: code, $message: message, $source: source },
];

describe("the accounting client", () => {
  it("parses answers with zod and sends the bearer token and X-Business", async () => {
    handler = (_req, res) => json(res, 200, { id: "b1", name: "Hartley", is_owner: true });
    const business = await client().getBusiness("b1");
    expect(business.name).toBe("Hartley");
    await client().updateBusiness("b1", { mobile: "0770" });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/v3.1/businesses/b1", auth: "Bearer token-1" });
    expect(seen[1]).toMatchObject({ method: "PUT", business: "b1" });
  });

  it("throws AccountingResponseError when the answer has the wrong shape", async () => {
    handler = (_req, res) => json(res, 200, { nothing: true });
    await expect(client().getUser()).rejects.toBeInstanceOf(AccountingResponseError);
  });

  it("maps errors to a class per failure, carrying $dataCode, $message and field errors", async () => {
    handler = (_req, res) => json(res, 422, errorBody("RecordInvalid", "website must be a URL.", "website"));
    const error = await client()
      .updateBusiness("b1", { website: "x" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountingValidationError);
    expect(error).toMatchObject({ $dataCode: "RecordInvalid", $message: "website must be a URL." });
    expect((error as AccountingValidationError).fieldErrors()).toEqual({ website: "website must be a URL." });
    handler = (_req, res) =>
      json(res, 403, errorBody("Forbidden", "Only the business owner can change business details."));
    await expect(client().updateBusiness("b1", {})).rejects.toBeInstanceOf(AccountingForbiddenError);
  });

  it("on a 401 renews the token once and retries once", async () => {
    handler = (req, res) =>
      req.headers.authorization === "Bearer token-2"
        ? json(res, 200, { id: "u1" })
        : json(res, 401, errorBody("Unauthorized", "expired"));
    const renewed: string[] = [];
    const user = await client({ renew: async (stale) => (renewed.push(stale), "token-2") }).getUser();
    expect(user.id).toBe("u1");
    expect(renewed).toEqual(["token-1"]);
    expect(seen.map((request) => request.auth)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("does not loop when the renewed token is refused too", async () => {
    handler = (_req, res) => json(res, 401, errorBody("Unauthorized", "no"));
    const response = await client().send({ method: "GET", path: "/user" });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(2);
  });

  it("retries idempotent calls on 429 and 5xx, honouring Retry-After", async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) return json(res, 429, errorBody("TooManyRequests", "slow down"), { "retry-after": "2" });
      if (calls === 2) return json(res, 502, errorBody("BadGateway", "oops"));
      json(res, 200, { id: "u1" });
    };
    expect((await client().getUser()).id).toBe("u1");
    expect(calls).toBe(3);
    expect(waits[0]).toBe(2_000);
    expect(waits[1]).toBeGreaterThan(0);
  });

  it("does not retry a POST, and gives up after three attempts", async () => {
    handler = (_req, res) => json(res, 503, errorBody("ServiceUnavailable", "down"));
    expect((await client().send({ method: "POST", path: "/contacts", body: "{}" })).status).toBe(503);
    expect(seen).toHaveLength(1);
    seen.length = 0;
    await expect(client().getUser()).rejects.toBeInstanceOf(AccountingUnavailableError);
    expect(seen).toHaveLength(3);
  });

  it("does not wait for a Retry-After longer than its limit", async () => {
    handler = (_req, res) => json(res, 429, errorBody("TooManyRequests", "later"), { "retry-after": "3600" });
    const error = await client()
      .getUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountingRateLimitedError);
    expect((error as AccountingRateLimitedError).retryAfterMs).toBe(3_600_000);
    expect(seen).toHaveLength(1);
  });

  it("after temporarily_unavailable waits 10 minutes before calling again", async () => {
    handler = (_req, res) => json(res, 503, { error: "temporarily_unavailable", error_description: "wait" });
    const error = await client()
      .getUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountingUnavailableError);
    const retryAt = (error as AccountingUnavailableError).retryAt!.getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(9 * 60_000);
    await expect(client().getUser()).rejects.toBeInstanceOf(AccountingUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it("times out and reports a network error", async () => {
    handler = () => {};
    const error = await client({ timeoutMs: 150 })
      .send({ method: "POST", path: "/slow", body: "{}" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountingNetworkError);
    expect((error as AccountingNetworkError).timedOut).toBe(true);
  });

  it("reads every page of the business list", async () => {
    handler = (req, res) =>
      /[?&]page=2/.test(req.url ?? "")
        ? json(res, 200, { $items: [{ id: "b2" }], $next: null })
        : json(res, 200, { $items: [{ id: "b1" }], $next: "/businesses?page=2&items_per_page=200" });
    expect((await client().listBusinesses()).map((business) => business.id)).toEqual(["b1", "b2"]);
  });
});
