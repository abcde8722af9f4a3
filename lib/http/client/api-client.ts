import type { ApiResult } from "../envelope";
import {
  pathParamNames,
  type PathInput,
  type RouteContract,
  type RouteInput,
  type RouteOutput,
  type RouteTable,
  type RouteTableEntry,
} from "../contract";
import { apiDownload, apiFetch, ApiRequestError, type Download } from "./browser-fetch";

/**
 * The browser's typed calls, derived from the features' contracts (lib/<feature>/contract.ts) and
 * built from their route tables (method and path only: no zod in the browser for the calls):
 * `client.monthClose.act({ companyId, action: "approve", period })` builds the URL from the
 * route's path and params, sends the rest as the query (GET, DELETE, or a route without a body)
 * or as the JSON body, and resolves to the answer's `data` typed by the contract's response
 * schema, or throws `ApiRequestError` (for TanStack Query). `.result(…)` never throws (the
 * envelope's failure as a value), `.href(…)` is the URL for a plain link. Every request still
 * goes through lib/http/client/browser-fetch.ts, the one place that calls `fetch`.
 */

export interface CallInit {
  signal?: AbortSignal;
  /** Lets a save outlive the page (pagehide). */
  keepalive?: boolean;
}

/** A body already serialized as JSON (by a worker, off the main thread): the input is the path params only. */
export interface JsonTextInit extends CallInit {
  jsonText: string;
}

export interface RouteCall<C extends RouteContract> {
  (input: RouteInput<C>, init?: CallInit): Promise<RouteOutput<C>>;
  (input: PathInput<C>, init: JsonTextInit): Promise<RouteOutput<C>>;
  /** The same call, its failure as a value instead of a thrown error. */
  result(input: RouteInput<C>, init?: CallInit): Promise<ApiResult<RouteOutput<C>>>;
  href(input: RouteInput<C>): string;
}

/** A download route (`response: "file"`): the file, or the envelope's failure as a value. */
export interface DownloadCall<C extends RouteContract> {
  (input: RouteInput<C>, init?: CallInit): Promise<ApiResult<Download>>;
  href(input: RouteInput<C>): string;
}

export type ContractClient<T extends Record<string, RouteContract>> = {
  [K in keyof T]: T[K]["response"] extends "file" ? DownloadCall<T[K]> : RouteCall<T[K]>;
};

type Values = Record<string, unknown>;

/** The search string of what is not a path param (arrays repeat the key; undefined is left out). */
function searchOf(values: Values): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The URL of a call and what is left for the body. */
function split(route: RouteTableEntry, input: Values): { url: string; rest: Values } {
  const rest: Values = { ...input };
  let url = route.path;
  for (const name of pathParamNames(route.path)) {
    url = url.replace(`:${name}`, encodeURIComponent(String(rest[name])));
    delete rest[name];
  }
  const inQuery = route.method === "GET" || route.method === "DELETE" || route.body !== true;
  return inQuery ? { url: url + searchOf(rest), rest: {} } : { url, rest };
}

function routeCall(route: RouteTableEntry): RouteCall<RouteContract> & DownloadCall<RouteContract> {
  const send = (input: Values, init: Partial<JsonTextInit> = {}) => {
    const { url, rest } = split(route, input);
    const hasBody = route.body === true && route.method !== "GET";
    return apiFetch(url, {
      method: route.method,
      ...(init.jsonText !== undefined ? { jsonText: init.jsonText } : hasBody ? { body: rest } : {}),
      signal: init.signal,
      keepalive: init.keepalive,
    });
  };
  const call = async (input: Values, init?: Partial<JsonTextInit>) => {
    if (route.response === "file") return apiDownload(split(route, input).url, init?.signal);
    const result = await send(input, init);
    if (!result.ok) throw new ApiRequestError(result.status, result.error);
    return result.data;
  };
  return Object.assign(call, {
    result: (input: Values, init?: CallInit) => send(input, init),
    href: (input: Values) => split(route, input).url,
  }) as never;
}

/** The client of one feature's contract, from its route table: `contractClient<typeof xContract>(xRoutes)`. */
export function contractClient<T extends Record<string, RouteContract>>(routes: RouteTable<T>): ContractClient<T> {
  return Object.fromEntries(
    Object.entries(routes as Record<string, RouteTableEntry>).map(([name, route]) => [name, routeCall(route)]),
  ) as ContractClient<T>;
}
