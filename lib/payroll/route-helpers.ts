import "server-only";
import type { NextRequest } from "next/server";
import { sessionUserFromRequest, type SessionUser } from "@/lib/auth/session";
import { appOriginsFor, isSameOriginRequest, isStateChanging } from "@/lib/http/origin-check";
import type { PayrollClient } from "./client";
import { requireCompany, type CompanyRecord } from "./companies";
import { payrollFor, type PayrollConnectionInfo } from "./connection";
import {
  PayrollCompanyNotReachableError,
  PayrollError,
  PayrollNetworkError,
  PayrollNotConnectedError,
  PayrollRateLimitedError,
  PayrollUnauthorizedError,
  PayrollUnavailableError,
} from "./errors";

/**
 * Every answer of `/api/payroll/*` is the envelope of `lib/http/envelope.ts` (with
 * `Cache-Control: no-store`): `{ "ok": true, "data": ... }` or
 * `{ "ok": false, "error": { "code", "message", "fields"? } }`.
 * Codes: not_signed_in 401, not_connected 409, unknown_company 404, key_refused 502,
 * unavailable 503, upstream_unreachable 502, cross_site_request 403, invalid 422, not_found 404.
 */
function envelope(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/** A success: `data` is the payload. */
export function json(status: number, data: unknown): Response {
  return envelope(status, { ok: true, data });
}

export function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return envelope(status, { ok: false, error: { code, message, ...extra } });
}

/** The one mapping of payroll failures to answers; the service's messages pass through, keys never. */
export function failureFromError(error: unknown): Response {
  if (error instanceof BadRequest) return failure(400, error.code, error.message);
  if (error instanceof PayrollNotConnectedError) return failure(409, "not_connected", error.message);
  if (error instanceof PayrollCompanyNotReachableError) return failure(404, "unknown_company", error.message);
  if (error instanceof PayrollUnauthorizedError) return failure(502, "key_refused", error.message);
  if (error instanceof PayrollNetworkError) return failure(502, "upstream_unreachable", error.message);
  if (error instanceof PayrollUnavailableError || error instanceof PayrollRateLimitedError) return failure(503, "unavailable", error.message);
  if (error instanceof PayrollError) return failure(502, error.code, error.message, { issues: error.issues });
  console.error(`payroll: request failed (${(error as Error).name}: ${(error as Error).message})`);
  return failure(500, "internal", "The request could not be completed.");
}

export interface PayrollRouteContext {
  user: SessionUser;
  connection: PayrollConnectionInfo;
  client: PayrollClient;
}

/** Origin check for writes, the signed-in person, their payroll connection; errors mapped. */
export async function withPayroll(request: NextRequest, handler: (context: PayrollRouteContext) => Promise<Response>): Promise<Response> {
  if (isStateChanging(request.method) && !isSameOriginRequest(request.headers, appOriginsFor(request.url, process.env.NEXTAUTH_URL))) {
    return failure(403, "cross_site_request", "Cross-site requests may not change anything.");
  }
  const user = await sessionUserFromRequest(request);
  if (!user) return failure(401, "not_signed_in", "Sign in first.");
  try {
    const { connection, client } = await payrollFor(user.id);
    return await handler({ user, connection, client });
  } catch (error) {
    return failureFromError(error);
  }
}

/** The company named by a route's `companyId`, checked against the connection before any call. */
export async function companyFromParam(context: PayrollRouteContext, companyId: string): Promise<CompanyRecord> {
  if (!/^\d{1,9}$/.test(companyId)) throw new PayrollCompanyNotReachableError();
  return requireCompany(context.connection.id, Number(companyId), context.client);
}

export async function readJson(request: NextRequest, limitBytes = 2 * 1024 * 1024): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new BadRequest("unsupported_media_type", "Send application/json.");
  const text = await request.text();
  if (text.length > limitBytes) throw new BadRequest("body_too_large", "The request is too large.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest("invalid_json", "The request body is not valid JSON.");
  }
}

export class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
