import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, errorResponse, toApiError } from "@/lib/http/api-error";
import { mediaType, parseJsonBody, readBodyText } from "@/lib/http/server/request-body";
import { sessionUserFromRequest, type SessionUser } from "@/lib/auth/server/session";
import type { UpstreamResponse } from "@/lib/http/server/upstream";
import { syncBusinesses } from "./businesses";
import type { AccountingRequest } from "./accounting-service";
import { errorFromApiResponse, parseJson } from "../error-mapper";
import { accountingClientFor } from "./for-user";
import { WRITE_SCHEMAS } from "../forms";
import { rememberUserName } from "./user-name";
import { ACCOUNTING_PATH_HEADER } from "../proxy-path";
import { log } from "@/lib/log/logger";

/**
 * The browser's way to the accounting API: `/api/accounting/<path below {base_url}>`
 * (proxy.ts hands the path over in a header, see ./proxy-path.ts).
 * The server adds the bearer token and `X-Business`; the browser never sees a token.
 *
 * Every answer is the envelope of lib/http/envelope.ts with two more top-level members,
 * `status` (the service's HTTP status, or the proxy's own) and `business`
 * (and `Cache-Control: no-store`):
 *
 *   { "ok": true,  "status": 200, "business": Business | null, "data": <the service's JSON body> }
 *   { "ok": false, "status": 422, "business": Business | null,
 *     "error": { "code": "invalid", "message": "...", "detail": "<the service's $message>",
 *                "fields": { "website": "service:<the service's $message>" },
 *                "details": [{ "code": "<$dataCode>", "message": "<$message>", "source": "<$source>" }],
 *                "retryAt"?: ISO-8601 } }
 *
 * where Business is `{ "sent": id | null, "expected": id | null, "received": id | null, "changed": boolean }`:
 * `sent` is the X-Business the proxy sent (a request's own `X-Business` header, else the person's
 * switcher choice, else none so the service uses the lead), `expected` the business meant (the
 * lead on record when none was sent), `received` the service's X-Business, and `changed` is true
 * when they differ — e.g. the lead business changed — and the UI says so (the list is re-read).
 * `code` is always one of the envelope's codes (the service's 400/422 → invalid, 401 →
 * reauth_required, 403 → forbidden, 404 → not_found, 429/5xx → unavailable, other → upstream_error;
 * see the `apiCode` of each AccountingError); the service's own `$dataCode`/`$message` are only
 * `detail`/`details`. The proxy's own refusals: not_signed_in, not_connected, reauth_required,
 * needs_v3_1, forbidden (the firm's client, features/workspaces/permissions.ts), unknown_business (an
 * `X-Business` or a `/businesses/<id>` path not of the person's businesses), unsupported_media_type, invalid_json, body_too_large, bad_path,
 * method_not_allowed, invalid (a known write checked with the forms' schemas), unavailable,
 * upstream_unreachable. Cross-site writes never get here (proxy.ts answers 403).
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

function businessHeaders(business: BusinessInfo | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (business?.received) headers["x-business"] = business.received;
  if (business) headers["x-business-changed"] = String(business.changed);
  return headers;
}

/** A failure in the proxy's envelope: `fields` and `details` always present (forms read them). */
function proxyError(
  error: ApiError,
  business: BusinessInfo | null = null,
  status = error.status,
  details: unknown[] = [],
): Response {
  const failure = new ApiError(error.code, error.message, {
    detail: error.detail,
    fields: error.fields ?? {},
    extra: { ...error.extra, details },
  });
  const response = errorResponse(failure, { status, business }, status);
  for (const [name, value] of Object.entries(businessHeaders(business))) response.headers.set(name, value);
  return response;
}

/** The path below {base_url} that proxy.ts read from the browser's URL, with the query; undefined when not a plain API path. */
function upstreamPath(request: NextRequest): string | undefined {
  const path = request.headers.get(ACCOUNTING_PATH_HEADER) ?? "";
  const segments = path.split("/").slice(1);
  if (
    !path.startsWith("/") ||
    segments.some((segment) => !SEGMENT.test(segment) || segment === "." || segment === "..")
  )
    return undefined;
  return `${path}${request.nextUrl.search}`;
}

/** The body as JSON text (none for an empty body); the size limit holds before and while it is read. */
async function readJsonBody(request: NextRequest): Promise<{ body?: string }> {
  const text = await readBodyText(request, BODY_LIMIT);
  if (text === "") return {};
  if (mediaType(request) !== "application/json")
    throw new ApiError("unsupported_media_type", "Request bodies must be application/json.");
  parseJsonBody(text);
  return { body: text };
}

/** Which X-Business to send: only businesses in the person's list (read with the session); null when unknown. */
function chooseBusiness(
  user: SessionUser,
  requested: string | null,
): { sent: string | undefined; expected: string | null } | null {
  if (requested !== null) return user.businessIds.includes(requested) ? { sent: requested, expected: requested } : null;
  if (user.selectedBusinessId && user.businessIds.includes(user.selectedBusinessId))
    return { sent: user.selectedBusinessId, expected: user.selectedBusinessId };
  return { sent: undefined, expected: user.leadBusinessId };
}

// `/businesses/<id>` and below name a business in the path: like `X-Business`, only the
// person's own (`lead` is the service's alias for the person's lead business).
const BUSINESS_IN_PATH = /^\/businesses\/([^/?]+)/;

/** Whether the business the path names, if any, is one of the person's. */
function pathBusinessIsOwn(user: SessionUser, path: string): boolean {
  const id = BUSINESS_IN_PATH.exec(path)?.[1];
  return id === undefined || id === "lead" || user.businessIds.includes(id);
}

/** A service's error answer in the envelope: the code by the error class, its texts only as detail. */
function upstreamFailure(response: UpstreamResponse, business: BusinessInfo): Response {
  const failure = errorFromApiResponse(response.status, response.text, response.headers);
  const mapped = toApiError(failure);
  const fields: Record<string, string> = {};
  for (const item of failure.items)
    if (item.source && !(item.source in fields)) fields[item.source] = `service:${item.message}`;
  const details = failure.items.map((item) => ({ code: item.dataCode, message: item.message, source: item.source }));
  return proxyError(
    new ApiError(mapped.code, mapped.message, { detail: mapped.detail, fields, extra: mapped.extra }),
    business,
    response.status,
    details,
  );
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
  return proxyError(new ApiError("invalid", "The request is not valid.", { fields }), null, 422, details);
}

export async function proxyAccountingRequest(request: NextRequest): Promise<Response> {
  try {
    return await proxy(request);
  } catch (error) {
    // Every failure, expected or not, in the proxy's envelope (an unexpected one with a requestId).
    return proxyError(toApiError(error));
  }
}

async function proxy(request: NextRequest): Promise<Response> {
  if (!METHODS.has(request.method)) throw new ApiError("method_not_allowed", `${request.method} is not proxied.`);
  const path = upstreamPath(request);
  if (!path) throw new ApiError("bad_path");
  // Reads may use the session as this process read it moments ago (kept only while every change is heard).
  const user = await sessionUserFromRequest(request, { recent: request.method === "GET" });
  if (!user) throw new ApiError("not_signed_in");
  if (user.mustAddPasskey) throw new ApiError("passkey_required");
  // The firm's client works on their own companies' months only: no accounting data while acting
  // as one (features/workspaces/permissions.ts), whatever account they signed in with.
  if (user.workspace?.roles.includes("client"))
    throw new ApiError("forbidden", "The firm's clients reach only their own companies' hours and payments.");
  if (!pathBusinessIsOwn(user, path)) throw new ApiError("unknown_business");
  const read = request.method === "GET" || request.method === "DELETE" ? {} : await readJsonBody(request);
  const invalid = invalidWrite(request.method, path, read.body);
  if (invalid) return invalid;
  const choice = chooseBusiness(user, request.headers.get("x-business"));
  if (!choice) throw new ApiError("unknown_business");

  const upstream: AccountingRequest = {
    method: request.method as AccountingRequest["method"],
    path,
    body: read.body,
    business: choice.sent,
  };
  const response = await accountingClientFor(user).send(upstream);
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
    if (parseJson(data) === undefined && data !== "null")
      return proxyError(new ApiError("upstream_error", "The accounting service's answer is not JSON."), business);
    if (request.method === "PUT" && USER_PATH.test(path)) {
      // The change is made: a failure to store the new name only delays the header until the next sign-in.
      await rememberUserName(user.id, data).catch((error: unknown) =>
        log.warn({ error: (error as Error).name }, "accounting proxy: storing the new name failed"),
      );
    }
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
  return upstreamFailure(response, business);
}

const USER_PATH = /^\/user(\?|$)/;

async function resyncQuietly(user: SessionUser): Promise<void> {
  try {
    await syncBusinesses(user.id, accountingClientFor(user));
  } catch {
    // The next page view reads the list again.
  }
}
