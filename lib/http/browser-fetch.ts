import { apiErrorCodeSchema, envelopeSchema, type ApiErrorBody, type ApiResult } from "./envelope";

/**
 * The one way the browser calls the app's JSON API. It never throws: a network failure comes
 * back as `{ ok: false, error: { code: "network" } }` and an answer that is not the envelope as
 * `bad_response`, so no caller can be left "pending" by a rejected promise.
 */
export interface ApiFetchInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON when given. */
  body?: unknown;
  /** A body already serialized as JSON (e.g. by a worker, off the main thread); wins over `body`. */
  jsonText?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets a save outlive the page (pagehide). */
  keepalive?: boolean;
}

export async function apiFetch<T>(url: string, init: ApiFetchInit = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  const payload = init.jsonText ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (payload !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      body: payload,
      signal: init.signal,
      keepalive: init.keepalive,
      cache: "no-store",
    });
  } catch (error) {
    const aborted = (error as { name?: string }).name === "AbortError";
    return { ok: false, status: 0, error: { code: "network", message: aborted ? "The request was cancelled." : "The server could not be reached." } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, status: response.status, error: { code: "bad_response", message: `The server answered ${response.status} without the expected body.` } };
  }
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, status: response.status, error: { code: "bad_response", message: `The server answered ${response.status} without the expected body.` } };
  }
  if (parsed.data.ok) return { ok: true, status: response.status, data: parsed.data.data as T };
  const error = parsed.data.error as ApiErrorBody;
  // A code this build does not know (a newer server) still reaches the person as a generic failure.
  const code = apiErrorCodeSchema.safeParse(error.code).success ? error.code : "upstream_error";
  return { ok: false, status: response.status, error: { ...error, code } };
}

/** A failed `apiFetch` as a thrown error, for TanStack Query's `queryFn`/`mutationFn`. */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

/** `apiFetch`, then the payload, or an `ApiRequestError` thrown. */
export async function apiFetchOrThrow<T>(url: string, init: ApiFetchInit = {}): Promise<T> {
  const result = await apiFetch<T>(url, init);
  if (!result.ok) throw new ApiRequestError(result.status, result.error);
  return result.data;
}
