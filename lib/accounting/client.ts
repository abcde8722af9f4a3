import "server-only";
import type { z } from "zod";
import { upstreamRequest, UpstreamNetworkError, type UpstreamResponse } from "@/lib/http/upstream";
import { errorFromApiResponse, errorItemsOf, isTemporarilyUnavailable, parseJson, retryAfterMs, TEMPORARILY_UNAVAILABLE_WAIT_MS } from "./error-mapper";
import { AccountingNetworkError, AccountingResponseError, AccountingUnavailableError } from "./errors";
import { businessSchema, listPageSchema, userSchema, type AccountingUser, type Business } from "./schemas";

/** Where the client gets its bearer token, and how it gets a new one after a 401. */
export interface AccessTokenSource {
  get(): Promise<string>;
  /** A token other than `stale`: renewed, or the one another request renewed meanwhile. */
  renew(stale: string): Promise<string>;
}

export interface AccountingRequest {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** Below {base_url}, starting with "/" (may carry a query string). */
  path: string;
  /** JSON text of the body. */
  body?: string;
  /** `X-Business`; undefined sends none, so the service uses the lead business. */
  business?: string;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for; the answer is returned instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 200, maxDelayMs: 10_000 };
const IDEMPOTENT = new Set(["GET", "PUT", "DELETE"]);

export interface AccountingClientOptions {
  baseUrl: string;
  timeoutMs: number;
  tokens: AccessTokenSource;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After `temporarily_unavailable` the service asks for 10 minutes of quiet: remembered per base URL. */
const quietUntil = new Map<string, number>();

/**
 * The typed client of the accounting API (v3.1). `send` gives the raw answer
 * (for the browser proxy); the resource methods parse answers with zod and
 * throw the error class of each failure.
 */
export class AccountingClient {
  private readonly retry: RetryPolicy;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly options: AccountingClientOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.wait = options.sleep ?? sleep;
  }

  /**
   * One call with the bearer token: a 401 renews the token once and retries
   * once; idempotent calls are retried with backoff on 429, 5xx and network
   * failures, honouring Retry-After.
   */
  async send(request: AccountingRequest): Promise<UpstreamResponse> {
    const quiet = quietUntil.get(this.options.baseUrl);
    if (quiet !== undefined && quiet > Date.now()) throw unavailableUntil(quiet);
    let token = await this.options.tokens.get();
    let response = await this.withRetries(request, token);
    if (response.status === 401) {
      token = await this.options.tokens.renew(token);
      response = await this.withRetries(request, token);
    }
    if (response.status >= 500 && isTemporarilyUnavailable(errorItemsOf(parseJson(response.text)))) {
      quietUntil.set(this.options.baseUrl, Date.now() + TEMPORARILY_UNAVAILABLE_WAIT_MS);
    }
    return response;
  }

  private async withRetries(request: AccountingRequest, token: string): Promise<UpstreamResponse> {
    const retryable = IDEMPOTENT.has(request.method);
    for (let attempt = 1; ; attempt += 1) {
      const last = !retryable || attempt >= this.retry.attempts;
      let response: UpstreamResponse;
      try {
        response = await this.once(request, token);
      } catch (error) {
        if (!(error instanceof UpstreamNetworkError)) throw error;
        if (last) throw new AccountingNetworkError(error.message, error.timedOut);
        await this.wait(this.backoff(attempt));
        continue;
      }
      if (last || !(response.status === 429 || response.status >= 500)) return response;
      if (isTemporarilyUnavailable(errorItemsOf(parseJson(response.text)))) return response;
      const delay = retryAfterMs(response.headers["retry-after"]) ?? this.backoff(attempt);
      if (delay > this.retry.maxDelayMs) return response;
      await this.wait(delay);
    }
  }

  private backoff(attempt: number): number {
    const exponential = this.retry.baseDelayMs * 2 ** (attempt - 1);
    return Math.min(this.retry.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
  }

  private once(request: AccountingRequest, token: string): Promise<UpstreamResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
    if (request.business) headers["x-business"] = request.business;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    return upstreamRequest({
      method: request.method,
      url: `${this.options.baseUrl}${request.path}`,
      headers,
      body: request.body,
      timeoutMs: this.options.timeoutMs,
    });
  }

  /** `send`, then the body parsed with `schema`; error answers throw their error class. */
  async call<T extends z.ZodType>(schema: T, request: AccountingRequest): Promise<z.infer<T>> {
    const response = await this.send(request);
    if (response.status < 200 || response.status >= 300) throw errorFromApiResponse(response.status, response.text, response.headers);
    const parsed = schema.safeParse(parseJson(response.text));
    if (!parsed.success) {
      throw new AccountingResponseError(response.status, [
        { dataCode: "UnexpectedResponse", message: `Unexpected answer from ${request.method} ${pathOnly(request.path)}.`, source: "" },
      ]);
    }
    return parsed.data;
  }

  /** Every business the user reaches, all pages. */
  async listBusinesses(): Promise<Business[]> {
    const page = listPageSchema(businessSchema);
    const items: Business[] = [];
    let path: string | null | undefined = "/businesses?items_per_page=200&attributes=all";
    for (let pages = 0; path && pages < 50; pages += 1) {
      const result: z.infer<typeof page> = await this.call(page, { method: "GET", path });
      items.push(...result.$items);
      path = result.$next ? relativeTo(result.$next, this.options.baseUrl) : undefined;
    }
    return items;
  }

  getLeadBusiness(): Promise<Business> {
    return this.call(businessSchema, { method: "GET", path: "/businesses/lead" });
  }

  getBusiness(id: string): Promise<Business> {
    return this.call(businessSchema, { method: "GET", path: `/businesses/${encodeURIComponent(id)}` });
  }

  updateBusiness(id: string, changes: Record<string, string>): Promise<Business> {
    return this.call(businessSchema, {
      method: "PUT",
      path: `/businesses/${encodeURIComponent(id)}`,
      body: JSON.stringify({ business: changes }),
      business: id,
    });
  }

  getUser(): Promise<AccountingUser> {
    return this.call(userSchema, { method: "GET", path: "/user" });
  }

  updateUser(changes: Record<string, string>): Promise<AccountingUser> {
    return this.call(userSchema, { method: "PUT", path: "/user", body: JSON.stringify({ user: changes }) });
  }
}

function unavailableUntil(until: number): AccountingUnavailableError {
  const error = new AccountingUnavailableError(503, [
    { dataCode: "temporarily_unavailable", message: "The accounting service asked to wait before retrying.", source: "" },
  ]);
  error.retryAt = new Date(until);
  return error;
}

function pathOnly(path: string): string {
  return path.split("?")[0] ?? path;
}

/** `$next` links may be absolute or relative to {base_url}. */
function relativeTo(link: string, baseUrl: string): string {
  if (link.startsWith(baseUrl)) return link.slice(baseUrl.length);
  if (/^https?:/.test(link)) {
    const url = new URL(link);
    const basePath = new URL(baseUrl).pathname.replace(/\/+$/, "");
    return `${url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname}${url.search}`;
  }
  return link.startsWith("/") ? link : `/${link}`;
}

/** Test hook: forget remembered `temporarily_unavailable` periods. */
export function resetQuietPeriods(): void {
  quietUntil.clear();
}
