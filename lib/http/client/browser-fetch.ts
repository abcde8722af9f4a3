import { apiErrorCodeSchema, envelopeSchema, type ApiErrorBody, type ApiResult } from "../envelope";
import { confirmRecentSignIn } from "./recent-sign-in";

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

/**
 * A step that matters refused for want of a recent sign-in (401 `reauthentication_required`) asks
 * the person to confirm (./recent-sign-in.ts) and is sent again once, so their click completes; a
 * cancelled confirmation answers the refusal, and nothing was done.
 */
export async function apiFetch<T>(url: string, init: ApiFetchInit = {}): Promise<ApiResult<T>> {
  const result = await apiFetchOnce<T>(url, init);
  if (result.ok || result.error.code !== "reauthentication_required" || init.signal?.aborted) return result;
  return (await confirmRecentSignIn()) ? apiFetchOnce<T>(url, init) : result;
}

async function apiFetchOnce<T>(url: string, init: ApiFetchInit = {}): Promise<ApiResult<T>> {
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
    return {
      ok: false,
      status: 0,
      error: { code: "network", message: aborted ? "The request was cancelled." : "The server could not be reached." },
    };
  }
  return envelopeResult<T>(response);
}

/** The envelope of an answer as a result (an answer that is not the envelope: `bad_response`). */
async function envelopeResult<T>(response: Response): Promise<ApiResult<T>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {
      ok: false,
      status: response.status,
      error: { code: "bad_response", message: `The server answered ${response.status} without the expected body.` },
    };
  }
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      status: response.status,
      error: { code: "bad_response", message: `The server answered ${response.status} without the expected body.` },
    };
  }
  if (parsed.data.ok) return { ok: true, status: response.status, data: parsed.data.data as T };
  const error = parsed.data.error as ApiErrorBody;
  // A code this build does not know (a newer server) still reaches the person as a generic failure.
  const code = apiErrorCodeSchema.safeParse(error.code).success ? error.code : "upstream_error";
  return { ok: false, status: response.status, error: { ...error, code } };
}

export interface Download {
  blob: Blob;
  /** From the answer's Content-Disposition; null when it names none. */
  fileName: string | null;
}

/**
 * A file the app writes (an export), fetched so that a refusal or a failure comes back as the
 * envelope's error for the page to say, instead of a failed download without a reason.
 */
export async function apiDownload(url: string, signal?: AbortSignal): Promise<ApiResult<Download>> {
  let response: Response;
  try {
    response = await fetch(url, { signal, cache: "no-store" });
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "The server could not be reached." } };
  }
  if (!response.ok) return envelopeResult<Download>(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  try {
    return {
      ok: true,
      status: response.status,
      data: { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : (plain ?? null) },
    };
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "The download was interrupted." } };
  }
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
