import "server-only";
import type { NextRequest } from "next/server";
import { sessionUserFromRequest, type SessionUser } from "@/lib/auth/session";
import type { UpstreamResponse } from "@/lib/http/upstream";
import { syncBusinesses } from "./businesses";
import type { AccountingRequest } from "./client";
import { errorItemsOf, parseJson } from "./error-mapper";
import { AccountingError, AccountingNetworkError, AccountingUnavailableError, NeedsV31Error, NotConnectedError, ReauthRequiredError } from "./errors";
import { accountingClientFor } from "./for-user";
import { WRITE_SCHEMAS } from "./forms";
import { ACCOUNTING_PATH_HEADER } from "./proxy-path";
import { appOriginsFor, isSameOriginRequest, isStateChanging } from "@/lib/http/origin-check";

/**
 * The browser's way to the accounting API: `/api/accounting/<path below {base_url}>`
 * (proxy.ts hands the path over in a header, see ./proxy-path.ts).
 * The server adds the bearer token and `X-Business`; the browser never sees a token.
 *
 * Every answer has one shape (and `Cache-Control: no-store`):
 *
 *   { "ok": true,  "status": 200, "business": Business | null, "data": <the service's JSON body> }
 *   { "ok": false, "status": 422, "business": Business | null,
 *     "error": { "code": "RecordInvalid", "message": "...", "fields": { "website": "..." },
 *                "details": [{ "code", "message", "source" }], "retryAt"?: ISO-8601 } }
 *
 * where Business is `{ "sent": id | null, "expected": id | null, "received": id | null, "changed": boolean }`:
 * `sent` is the X-Business the proxy sent (a request's own `X-Business` header, else the person's
 * switcher choice, else none so the service uses the lead), `expected` the business meant (the
 * lead on record when none was sent), `received` the service's X-Business, and `changed` is true
 * when they differ — e.g. the lead business changed — and the UI says so (the list is re-read).
 * The proxy's own refusals use the same shape with codes: not_signed_in (401), not_connected
 * (401), reauth_required (401), unknown_business (403), unsupported_media_type (415),
 * invalid_json (400), body_too_large (413), bad_path (400), method_not_allowed (405),
 * unavailable (503, `retryAt` when known), upstream_unreachable (502), cross_site_request (403).
 */

const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH"]);
const BODY_LIMIT = 1024 * 1024;
const SEGMENT = /^[A-Za-z0-9_\-.~]+$/;

interface BusinessInfo {
  sent: string | null;
  expected: string | null;
  received: string | null;
  changed: boolean;
}

function envelope(status: number, body: Record<string, unknown>, business: BusinessInfo | null): Response {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  if (business?.received) headers["x-business"] = business.received;
  if (business) headers["x-business-changed"] = String(business.changed);
  return new Response(JSON.stringify({ ok: status >= 200 && status < 300, status, business, ...body }), { status, headers });
}

export function proxyError(status: number, code: string, message: string, extra: Record<string, unknown> = {}, business: BusinessInfo | null = null): Response {
  return envelope(status, { error: { code, message, fields: {}, details: [], ...extra } }, business);
}

/** The path below {base_url} that proxy.ts read from the browser's URL, with the query; undefined when not a plain API path. */
function upstreamPath(request: NextRequest): string | undefined {
  const path = request.headers.get(ACCOUNTING_PATH_HEADER) ?? "";
  const segments = path.split("/").slice(1);
  if (!path.startsWith("/") || segments.some((segment) => !SEGMENT.test(segment) || segment === "." || segment === "..")) return undefined;
  return `${path}${request.nextUrl.search}`;
}

async function readJsonBody(request: NextRequest): Promise<{ body?: string } | Response> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > BODY_LIMIT) return proxyError(413, "body_too_large", "The request body is larger than 1 MB.");
  const text = await request.text();
  if (text === "") return {};
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return proxyError(415, "unsupported_media_type", "Request bodies must be application/json.");
  if (text.length > BODY_LIMIT) return proxyError(413, "body_too_large", "The request body is larger than 1 MB.");
  if (parseJson(text) === undefined) return proxyError(400, "invalid_json", "The request body is not valid JSON.");
  return { body: text };
}

/** Which X-Business to send: only businesses in the person's list (read with the session); null when unknown. */
function chooseBusiness(user: SessionUser, requested: string | null): { sent: string | undefined; expected: string | null } | null {
  if (requested !== null) return user.businessIds.includes(requested) ? { sent: requested, expected: requested } : null;
  if (user.selectedBusinessId && user.businessIds.includes(user.selectedBusinessId)) return { sent: user.selectedBusinessId, expected: user.selectedBusinessId };
  return { sent: undefined, expected: user.leadBusinessId };
}

function failureFrom(response: UpstreamResponse): Record<string, unknown> {
  const items = errorItemsOf(parseJson(response.text));
  const error = new AccountingError(response.status, items, `The accounting service answered ${response.status}.`);
  return {
    error: {
      code: error.$dataCode,
      message: error.$message,
      fields: error.fieldErrors(),
      details: items.map((item) => ({ code: item.dataCode, message: item.message, source: item.source })),
    },
  };
}

/** The shared form schemas check known writes here, before anything reaches the service. */
function invalidWrite(method: string, path: string, body: string | undefined): Response | undefined {
  const pathOnly = path.split("?")[0] ?? path;
  const rule = WRITE_SCHEMAS.find((entry) => entry.method === method && entry.path.test(pathOnly));
  if (!rule) return undefined;
  const result = rule.schema.safeParse(body === undefined ? undefined : parseJson(body));
  if (result.success) return undefined;
  const fields: Record<string, string> = {};
  const details = result.error.issues.map((issue) => {
    const source = issue.path[0] === rule.wrapper ? String(issue.path[1] ?? rule.wrapper) : String(issue.path[0] ?? "");
    fields[source] ??= issue.message;
    return { code: "RecordInvalid", message: issue.message, source };
  });
  return proxyError(422, "RecordInvalid", "The request is not valid.", { fields, details });
}

export async function proxyAccountingRequest(request: NextRequest): Promise<Response> {
  if (!METHODS.has(request.method)) return proxyError(405, "method_not_allowed", `${request.method} is not proxied.`);
  if (isStateChanging(request.method) && !isSameOriginRequest(request.headers, appOriginsFor(request.url, process.env.NEXTAUTH_URL))) {
    return proxyError(403, "cross_site_request", "Cross-site requests may not change anything.");
  }
  const path = upstreamPath(request);
  if (!path) return proxyError(400, "bad_path", "The path is not a path of the accounting API.");
  // Reads may use the session as this process read it moments ago (kept only while every change is heard).
  const user = await sessionUserFromRequest(request, { recent: request.method === "GET" });
  if (!user) return proxyError(401, "not_signed_in", "Sign in first.");
  const read = request.method === "GET" || request.method === "DELETE" ? {} : await readJsonBody(request);
  if (read instanceof Response) return read;
  const invalid = invalidWrite(request.method, path, read.body);
  if (invalid) return invalid;
  const choice = chooseBusiness(user, request.headers.get("x-business"));
  if (!choice) return proxyError(403, "unknown_business", "That business is not one of yours.");

  const upstream: AccountingRequest = { method: request.method as AccountingRequest["method"], path, body: read.body, business: choice.sent };
  let response: UpstreamResponse;
  try {
    response = await accountingClientFor(user).send(upstream);
  } catch (error) {
    return proxyFailure(error);
  }
  const received = response.headers["x-business"] ?? null;
  const business: BusinessInfo = {
    sent: choice.sent ?? null,
    expected: choice.expected,
    received,
    changed: received !== null && choice.expected !== null && received !== choice.expected,
  };
  if (business.changed) void resyncQuietly(user);
  if (response.status >= 200 && response.status < 300) {
    const data = response.text === "" ? "null" : response.text;
    if (parseJson(data) === undefined && data !== "null") return proxyError(502, "bad_upstream_response", "The accounting service's answer is not JSON.", {}, business);
    // The service's body is passed on verbatim inside the envelope.
    const head = JSON.stringify({ ok: true, status: response.status, business });
    return new Response(`${head.slice(0, -1)},"data":${data}}`, {
      status: response.status,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...(received ? { "x-business": received } : {}),
        "x-business-changed": String(business.changed),
      },
    });
  }
  return envelope(response.status, failureFrom(response), business);
}

function proxyFailure(error: unknown): Response {
  if (error instanceof ReauthRequiredError) return proxyError(401, "reauth_required", "The accounting connection has ended: sign in again.");
  if (error instanceof NeedsV31Error) return proxyError(409, "needs_v3_1", error.message);
  if (error instanceof NotConnectedError) return proxyError(401, "not_connected", "There is no accounting connection: sign in again.");
  if (error instanceof AccountingUnavailableError) {
    return proxyError(503, "unavailable", error.$message, error.retryAt ? { retryAt: error.retryAt.toISOString() } : {});
  }
  if (error instanceof AccountingNetworkError) return proxyError(502, "upstream_unreachable", error.$message);
  if (error instanceof AccountingError) return proxyError(502, error.$dataCode, error.$message);
  throw error;
}

async function resyncQuietly(user: SessionUser): Promise<void> {
  try {
    await syncBusinesses(user.id, accountingClientFor(user));
  } catch {
    // The next page view reads the list again.
  }
}
