import type { z } from "zod";
import type { ApiErrorCode } from "./envelope";

/**
 * A route's contract: its method and path, the zod schemas of what it takes (path params, query,
 * JSON body) and of the `data` it answers in the envelope (lib/http/envelope.ts), and the error
 * codes it answers with beyond the ones every route may (`COMMON_ERRORS`). Each path is written
 * once, in a schema-free table (`features/<f>/routes.ts`, `RoutesTable`); `features/<f>/contract.ts`
 * adds the schemas (`defineContract`). The one route wrapper (lib/http/server/route.ts) checks a
 * request against the contract; the browser client (lib/http/client/api-client.ts) is built from the
 * table and typed by the contract, so no component writes a URL or a response type; the route files
 * app/api/…/route.ts are generated from the tables (scripts/generate/routes.ts, ADR 0240).
 * Shared by server and browser: no server import.
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

/**
 * One route as its table (`features/<f>/routes.ts`) writes it: the only place its method and path
 * are written. Schema-free, so the browser's client takes the same table without zod.
 */
export interface RouteTableEntry {
  readonly method: HttpMethod;
  /** `/api/…` with `:name` for each path param (the folder `[name]` of app/api). */
  readonly path: string;
  /** The route takes a JSON body (else what is not a path param goes in the query); the contract gives its schema. */
  readonly body?: true;
  /** A download. */
  readonly response?: "file";
  /**
   * Its `app/api/…/route.ts` is written by hand, not generated (scripts/generate/routes.ts), and
   * its handler is in no `server/handlers.ts` object: the route needs what only app/ may import.
   */
  readonly handWritten?: true;
}

/** A contract's routes by name (`features/<f>/routes.ts`: `{ … } as const satisfies RoutesTable`). */
export type RoutesTable = Record<string, RouteTableEntry>;

/** What a contract adds to one route of its table: the schemas and codes (a body schema exactly when the table says `body: true`). */
export type RouteSchemas<E extends RouteTableEntry> = Omit<RouteContract, "method" | "path" | "body" | "response"> &
  (E extends { body: true } ? { body: z.core.$ZodType } : { body?: never }) &
  (E extends { response: "file" } ? { response?: never } : { response: z.core.$ZodType | "events" });

/** A route of the table with its schemas. */
type ContractOf<R extends RoutesTable, S> = { [K in keyof R]: Omit<R[K], "body"> & S[K & keyof S] };

/**
 * Names a feature's routes: its table (method, path; ./routes.ts) with each route's schemas. The
 * types require schemas for every route of the table and no route besides; the literal types are
 * kept (method, path) for the client.
 */
export function defineContract<const R extends RoutesTable, const S extends { [K in keyof R]: RouteSchemas<R[K]> }>(
  routes: R,
  schemas: S & Record<Exclude<keyof S, keyof R>, never>,
): ContractOf<R, S> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, { body: _body, ...route }]) => [name, { ...route, ...schemas[name] }]),
  ) as ContractOf<R, S>;
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
export type RouteOutput<C extends RouteContract> = C["response"] extends z.core.$ZodType
  ? z.output<C["response"]>
  : never;

/** A path with its params filled in, each encoded (`/api/a/:id`, `{ id: "x y" }` → `/api/a/x%20y`): for the URLs the server hands out. */
export function pathWith(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The names of a path's params, in order (`:name` segments). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}

/** The table a contract was made from (what the browser's client takes): the contract's method and path for each route. */
export type RouteTable<T extends Record<string, RouteContract>> = {
  readonly [K in keyof T]: RouteTableEntry & Pick<T[K], "method" | "path">;
};
