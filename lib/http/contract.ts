import type { z } from "zod";
import type { ApiErrorCode } from "./envelope";

/**
 * A route's contract: its method and path, the zod schemas of what it takes (path params, query,
 * JSON body) and of the `data` it answers in the envelope (lib/http/envelope.ts), and the error
 * codes it answers with beyond the ones every route may (`COMMON_ERRORS`). Each feature keeps its
 * routes in `lib/<feature>/contract.ts`; the one route wrapper (lib/http/server/route.ts) checks a
 * request against it, and the browser client (lib/http/client/api-client.ts) is derived from it,
 * so no component writes a URL or a response type. Shared by server and browser: no server import.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContract {
  method: HttpMethod;
  /** `/api/…` with `:name` for each path param (the folder `[name]` of app/api). */
  path: string;
  /** Path params (strings on the wire); a mismatch answers 404 `not_found`. */
  params?: z.core.$ZodType;
  /** Search params (strings on the wire); a mismatch answers `queryRefusal`, else 422 `invalid`. */
  query?: z.core.$ZodType;
  /** When a bad query is refused with a code and text of its own (kept from before the contracts). */
  queryRefusal?: { code: ApiErrorCode; message: string };
  /** The JSON body; a mismatch answers 422 `invalid` with `fields`. */
  body?: z.core.$ZodType;
  /** The success answer's `data`, or `"file"` for a download, `"events"` for server-sent events. */
  response: z.core.$ZodType | "file" | "events";
  /** The success status when not 200 (a route answering two statuses names the usual one). */
  status?: number;
  /** The codes this route answers with on purpose, beyond `COMMON_ERRORS`. */
  errors: readonly ApiErrorCode[];
  /** The members an error body carries beside `code` and `message`, per code (e.g. a conflict's lines). */
  errorExtras?: Partial<Record<ApiErrorCode, z.core.$ZodType>>;
  /** For `response: "events"`: each event's name and its `data`. */
  events?: Record<string, z.core.$ZodType>;
}

/** What any route may answer: the session, the request's form, and an unexpected failure. */
export const COMMON_ERRORS = [
  "not_signed_in",
  "cross_site_request",
  "not_found",
  "unsupported_media_type",
  "invalid_json",
  "body_too_large",
  "invalid",
  "internal",
] as const satisfies readonly ApiErrorCode[];

/**
 * What the route wrapper lets any route answer besides its own `errors` and `COMMON_ERRORS`: a
 * permission or rate refusal and an upstream failure can come from shared helpers (the payroll
 * connection's access, the service's client) on every route. Any other code must be declared.
 */
export const GENERIC_ERRORS = [
  ...COMMON_ERRORS,
  "forbidden",
  // A member who must add a passkey first (lib/auth/server/session-store.ts `mustAddPasskey`): any route but adding one.
  "passkey_required",
  "rate_limited",
  "unavailable",
  "upstream_unreachable",
  "upstream_error",
] as const satisfies readonly ApiErrorCode[];

/** Names a feature's routes; the literal types are kept (method, path) for the client. */
export function defineContract<const T extends Record<string, RouteContract>>(routes: T): T {
  return routes;
}

type SchemaInput<S> = S extends z.core.$ZodType ? z.input<S> : object;

/** The path params of a route, by its path: `/a/:x/b/:y` → `{ x: string | number; y: string | number }`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathInput<C extends RouteContract> = { [K in PathParamNames<C["path"]>]: string | number };

/** What a call takes: the path params, the query and the body's members side by side. */
export type RouteInput<C extends RouteContract> = PathInput<C> & SchemaInput<C["query"]> & SchemaInput<C["body"]>;

/** What a call resolves to: the answer's `data`. */
export type RouteOutput<C extends RouteContract> = C["response"] extends z.core.$ZodType ? z.output<C["response"]> : never;

/** The names of a path's params, in order (`:name` segments). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}

/**
 * What the browser needs of a route to call it: no schema, so that zod and the contracts stay out
 * of the pages' JavaScript (lib/<feature>/client/api.ts writes its table out; the type requires
 * every route of the contract with its method and path as the contract has them, and
 * lib/http/contract.test.ts compares each table with `routeTableOf` its contract).
 */
export type RouteTable<T extends Record<string, RouteContract>> = {
  [K in keyof T]: { method: T[K]["method"]; path: T[K]["path"] } & (T[K] extends { body: z.core.$ZodType }
    ? { body: true }
    : { body?: never }) &
    (T[K] extends { response: "file" } ? { response: "file" } : { response?: never });
};

export interface RouteTableEntry {
  method: HttpMethod;
  path: string;
  /** The route takes a JSON body (else what is not a path param goes in the query). */
  body?: true;
  /** A download. */
  response?: "file";
}

/** The table a contract's routes call for (what the browser's table must equal). */
export function routeTableOf(contract: Record<string, RouteContract>): Record<string, RouteTableEntry> {
  return Object.fromEntries(
    Object.entries(contract).map(([name, route]) => [
      name,
      {
        method: route.method,
        path: route.path,
        ...(route.body !== undefined ? { body: true as const } : {}),
        ...(route.response === "file" ? { response: "file" as const } : {}),
      },
    ]),
  );
}
