import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { requireRecentConfirmation } from "@/lib/auth/server/recent-confirmation";
import { sessionUserFromRequest, type SessionUser } from "@/lib/auth/server/session";
import { ApiError, handleAndReturnErrorResponse } from "../api-error";
import { GENERIC_ERRORS, type RouteContract } from "../contract";
import { addToLogContext } from "@/lib/log/context";
import { inRequestContext, requestIdOf, withRequestIdHeader } from "./request-id";
import type { NextRouteContext, RouteHandler } from "./route-handlers";
import { readJsonBody } from "./request-body";

/**
 * The one wrapper of every handler under `app/api/**` (dub's `withWorkspace`): the session
 * (401 `not_signed_in`), the route's params (zod; 404 `not_found`), the body — size limit checked
 * before and while it is read (413 `body_too_large`), `application/json` only (415), JSON (400
 * `invalid_json`), the zod schema (422 `invalid` with `fields`) — and the one error mapping
 * (`lib/http/api-error.ts`), so no handler answers an empty 500 (the body is read in
 * request-body.ts). Object checks (a payroll company, an accounting business) are helpers the
 * handler calls: they throw `ApiError`. Every answer carries the request's id (`x-request-id`, and
 * `error.requestId` in an error's envelope: ./request-id.ts), and every line logged while it runs,
 * the id, the person and their workspace (lib/log/context.ts).
 * The origin check is not here: `proxy.ts` refuses cross-site writes before any route runs.
 */

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

type Schema = z.core.$ZodType | undefined;

/**
 * A route's contract (lib/<feature>/contract.ts) spread into the options: `withRoute({
 * ...monthCloseContract.act, maxBodyBytes: 4096 }, handler)`. Its params, query and body are
 * checked before the handler runs; its response schema checks each success outside production.
 */
export interface RouteOptions<
  A extends boolean,
  P extends Schema,
  B extends Schema,
  Q extends Schema = undefined,
> extends Partial<Omit<RouteContract, "params" | "body" | "query">> {
  /** Whether a signed-in person is required (default true). */
  auth?: A;
  /** A read may use the session as this process read it moments ago (lib/auth/server/session-cache.ts). */
  recentSession?: boolean;
  /**
   * What matters (approve, transfer, roles, webhooks, deleting data, security settings): the
   * session's last sign-in or confirmation must be at most 10 minutes old, else 401
   * `reauthentication_required` (lib/auth/server/recent-confirmation.ts). Checked right after the
   * session, before anything is read.
   */
  recentConfirmation?: boolean;
  /** Open to a member who must add a passkey first (adding it, confirming); else 403 `passkey_required` (`SessionUser.mustAddPasskey`). */
  beforePasskey?: boolean;
  /**
   * The firm's own route (its overview, audit export, …): a member acting as the firm's client
   * (role `client` in their active workspace, features/workspaces/permissions.ts) is refused 403 before
   * the handler, besides what the handler's queries refuse.
   */
  firmOnly?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  maxBodyBytes?: number;
}

export interface RouteHandlerContext<
  A extends boolean,
  P extends Schema,
  B extends Schema,
  Q extends Schema = undefined,
> {
  request: NextRequest;
  user: A extends false ? null : SessionUser;
  params: P extends z.core.$ZodType ? z.infer<P> : undefined;
  query: Q extends z.core.$ZodType ? z.infer<Q> : undefined;
  body: B extends z.core.$ZodType ? z.infer<B> : undefined;
  routeContext: NextRouteContext;
}

export function withRoute<
  A extends boolean = true,
  P extends Schema = undefined,
  B extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<A, P, B, Q>,
  handler: (context: RouteHandlerContext<A, P, B, Q>) => Promise<Response> | Response,
): RouteHandler {
  // A route that asks for a recent confirmation answers its refusal whatever its contract lists.
  const declared =
    options.recentConfirmation && options.errors
      ? [...options.errors, "reauthentication_required" as const]
      : options.errors;
  return async (request, routeContext) => {
    const requestId = requestIdOf(request.headers);
    return withRequestIdHeader(await inRequestContext(requestId, () => answer(request, routeContext)), requestId);
  };

  async function answer(request: NextRequest, routeContext: NextRouteContext): Promise<Response> {
    try {
      let user: SessionUser | null = null;
      if (options.auth !== false) {
        // An event stream's (re)connect is no activity of the person's: an open tab does not keep a session from idling.
        user = await sessionUserFromRequest(request, {
          recent: options.recentSession === true,
          activity: options.response !== "events",
        });
        if (!user) throw new ApiError("not_signed_in");
        addToLogContext({ userId: user.id, workspaceId: user.workspace?.id });
        if (user.mustAddPasskey && !options.beforePasskey) throw new ApiError("passkey_required");
        if (options.firmOnly && user.workspace?.roles.includes("client"))
          throw new ApiError("forbidden", "The firm's clients reach only their own companies' hours and payments.");
        if (options.recentConfirmation) requireRecentConfirmation(user);
      }
      let params: unknown;
      if (options.params) {
        const parsed = z.safeParse(options.params, await routeContext.params);
        if (!parsed.success) throw new ApiError("not_found");
        params = parsed.data;
      }
      const query = options.query ? parseQuery(options.query, request, options.queryRefusal) : undefined;
      let body: unknown;
      if (options.body)
        body = z.parse(options.body, await readJsonBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
      const response = await handler({ request, user, params, query, body, routeContext } as RouteHandlerContext<
        A,
        P,
        B,
        Q
      >);
      return CHECK_RESPONSES
        ? await checkedErrorCode(await checkedResponse(response, options.response), declared)
        : response;
    } catch (error) {
      // Next's own control flow (redirect(), notFound()) is not a failure: let Next handle it.
      unstable_rethrow(error);
      const response = handleAndReturnErrorResponse(error);
      return CHECK_RESPONSES ? await checkedErrorCode(response, declared) : response;
    }
  }
}

/** The search params as an object (a repeated key as an array), checked against the route's query schema. */
export function parseQuery(schema: z.core.$ZodType, request: Request, refusal: RouteContract["queryRefusal"]): unknown {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    const before = values[key];
    values[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const parsed = z.safeParse(schema, values);
  if (parsed.success) return parsed.data;
  if (refusal) throw new ApiError(refusal.code, refusal.message);
  throw parsed.error;
}

// Tests and development check every success against its contract; production trusts the handlers.
const CHECK_RESPONSES = process.env.NODE_ENV !== "production";

/** The response as it is, or an error (a 500 in the envelope) when its `data` is not what the contract says. */
async function checkedResponse(response: Response, schema: RouteContract["response"] | undefined): Promise<Response> {
  if (schema === undefined || typeof schema === "string" || !response.ok) return response;
  if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) return response;
  const envelope = (await response.clone().json()) as { data?: unknown };
  const checked = z.safeParse(schema, envelope.data);
  if (!checked.success) throw new Error(`The answer does not match the route's contract: ${checked.error.message}`);
  return response;
}

/**
 * The failure as it is when its code is one the route declares (its contract's `errors`) or any
 * route may answer (`GENERIC_ERRORS`); else a logged error and a 500 `internal`, so that a test
 * meets an undeclared code at once (production answers the failure as it is). A route without
 * declared codes (no contract) is not checked.
 */
async function checkedErrorCode(response: Response, declared: readonly string[] | undefined): Promise<Response> {
  if (declared === undefined || response.ok) return response;
  if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) return response;
  const envelope = (await response.clone().json()) as { error?: { code?: unknown } };
  const code = envelope.error?.code;
  if (typeof code !== "string" || declared.includes(code) || (GENERIC_ERRORS as readonly string[]).includes(code))
    return response;
  return handleAndReturnErrorResponse(
    new Error(
      `The route answered the error code "${code}", which its contract does not declare (errors: ${declared.join(", ")}).`,
    ),
  );
}
