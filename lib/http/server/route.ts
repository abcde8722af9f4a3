import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { sessionUserFromRequest, type SessionUser } from "@/lib/auth/server/session";
import { ApiError, handleAndReturnErrorResponse } from "../api-error";
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../unstorable-text";

/**
 * The one wrapper of every handler under `app/api/**` (dub's `withWorkspace`): the session
 * (401 `not_signed_in`), the route's params (zod; 404 `not_found`), the body — size limit checked
 * before and while it is read (413 `body_too_large`), `application/json` only (415), JSON (400
 * `invalid_json`), the zod schema (422 `invalid` with `fields`) — and the one error mapping
 * (`lib/http/api-error.ts`), so no handler answers an empty 500. Object checks (a payroll
 * company, an accounting business) are helpers the handler calls: they throw `ApiError`.
 * The origin check is not here: `proxy.ts` refuses cross-site writes before any route runs.
 */

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** What Next passes as a route handler's second argument. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export interface RouteOptions<A extends boolean, P extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  /** Whether a signed-in person is required (default true). */
  auth?: A;
  /** A read may use the session as this process read it moments ago (lib/auth/server/session-cache.ts). */
  recentSession?: boolean;
  params?: P;
  body?: B;
  maxBodyBytes?: number;
}

export interface RouteHandlerContext<A extends boolean, P extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  request: NextRequest;
  user: A extends false ? null : SessionUser;
  params: P extends z.ZodType ? z.infer<P> : undefined;
  body: B extends z.ZodType ? z.infer<B> : undefined;
  routeContext: NextRouteContext;
}

export function withRoute<
  A extends boolean = true,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  options: RouteOptions<A, P, B>,
  handler: (context: RouteHandlerContext<A, P, B>) => Promise<Response> | Response,
): (request: NextRequest, routeContext: NextRouteContext) => Promise<Response> {
  return async (request, routeContext) => {
    try {
      let user: SessionUser | null = null;
      if (options.auth !== false) {
        user = await sessionUserFromRequest(request, { recent: options.recentSession === true });
        if (!user) throw new ApiError("not_signed_in");
      }
      let params: unknown;
      if (options.params) {
        const parsed = options.params.safeParse(await routeContext.params);
        if (!parsed.success) throw new ApiError("not_found");
        params = parsed.data;
      }
      let body: unknown;
      if (options.body) body = options.body.parse(await readJsonBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
      return await handler({ request, user, params, body, routeContext } as RouteHandlerContext<A, P, B>);
    } catch (error) {
      // Next's own control flow (redirect(), notFound()) is not a failure: let Next handle it.
      unstable_rethrow(error);
      return handleAndReturnErrorResponse(error);
    }
  };
}

/** The media type of a request body, lower case, without parameters. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The body as text, never more than `limitBytes` read: a Content-Length above the limit is
 * refused before reading, and a chunked body is read only up to the limit.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw new ApiError("body_too_large");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw new ApiError("body_too_large");
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? Buffer.from(chunks[0]!).toString("utf8") : Buffer.concat(chunks).toString("utf8");
}

/** An `application/json` body within the limit, parsed (not yet checked against a schema). */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  if (mediaType(request) !== "application/json") throw new ApiError("unsupported_media_type");
  return parseJsonBody(await readBodyText(request, limitBytes));
}

/**
 * JSON text parsed, or 400 `invalid_json`; 422 `invalid` when a string (or key) holds a NUL or a
 * lone UTF-16 surrogate (`"\u0000"`, `"\ud800"` are valid JSON, but Postgres refuses them with
 * 22P05/22021 and no service wants them): refused here, at the edge, for every route.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json");
  }
  const path = unstorableTextPath(value);
  if (path !== undefined) {
    throw new ApiError("invalid", UNSTORABLE_TEXT_MESSAGE, { fields: { [path.join(".") || "_"]: UNSTORABLE_TEXT_MESSAGE } });
  }
  return value;
}

interface WalkStep {
  value: unknown;
  key: string | number | undefined;
  parent: WalkStep | undefined;
}

function pathOf(step: WalkStep): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: WalkStep | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string or key that cannot be stored, or undefined. Iterative, and each
 * step knows only its parent: a body of 200,000 nested arrays must neither overflow the stack
 * (a RangeError would be a 500) nor copy its path at every level.
 */
function unstorableTextPath(root: unknown): (string | number)[] | undefined {
  const stack: WalkStep[] = [{ value: root, key: undefined, parent: undefined }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const { value } = step;
    if (typeof value === "string") {
      if (isUnstorableText(value)) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], key: index, parent: step });
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorableText(key)) return [...pathOf(step), "_key"];
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return undefined;
}

export { mediaType };
