import "server-only";
import type { z } from "zod";
import { quietUntilOf, startQuietPeriod } from "@/lib/http/quiet-periods";
import { retryAfterMs, withRetries, type RetryPolicy, type Sleep } from "@/lib/http/retry";
import { parseJsonOrUndefined as parseJson } from "@/lib/http/json";
import { upstreamRequest, UpstreamNetworkError, type UpstreamResponse } from "@/lib/http/server/upstream";
import { errorFromApiResponse, errorItemsOf, isTemporarilyUnavailable } from "../error-mapper";
import { AccountingNetworkError, AccountingResponseError, AccountingUnavailableError } from "../errors";
import {
  businessSchema,
  ledgerAccountPageSchema,
  listPageSchema,
  userSchema,
  type AccountingUser,
  type Business,
  type LedgerAccountPage,
} from "../schemas";

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

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 200, maxDelayMs: 10_000 };
const IDEMPOTENT = new Set(["GET", "PUT", "DELETE"]);

export interface AccountingClientOptions {
  baseUrl: string;
  /** Whose request budget the calls draw on (lib/http/server/upstream-budget.ts): the connection's id. */
  credential: string;
  timeoutMs: number;
  tokens: AccessTokenSource;
  retry?: RetryPolicy;
  sleep?: Sleep;
}

/**
 * The typed client of the accounting API (v3.1). `send` gives the raw answer
 * (for the browser proxy); the resource methods parse answers with zod and
 * throw the error class of each failure.
 */
export class AccountingClient {
  private readonly retry: RetryPolicy;

  constructor(private readonly options: AccountingClientOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  /**
   * One call with the bearer token: a 401 renews the token once and retries
   * once; idempotent calls are retried with backoff on 429, 5xx and network
   * failures, honouring Retry-After.
   */
  async send(request: AccountingRequest): Promise<UpstreamResponse> {
    const quiet = quietUntilOf(this.options.baseUrl);
    if (quiet !== undefined) throw unavailableUntil(quiet);
    let token = await this.options.tokens.get();
    let response = await this.withRetries(request, token);
    if (response.status === 401) {
      token = await this.options.tokens.renew(token);
      response = await this.withRetries(request, token);
    }
    if (response.status >= 500 && isTemporarilyUnavailable(errorItemsOf(parseJson(response.text)))) {
      startQuietPeriod(this.options.baseUrl);
    }
    return response;
  }

  private withRetries(request: AccountingRequest, token: string): Promise<UpstreamResponse> {
    const retryable = IDEMPOTENT.has(request.method);
    return withRetries(
      async () => {
        try {
          return await this.once(request, token);
        } catch (error) {
          if (error instanceof UpstreamNetworkError) throw new AccountingNetworkError(error.message, error.timedOut);
          throw error;
        }
      },
      {
        policy: retryable ? this.retry : { ...this.retry, attempts: 1 },
        sleep: this.options.sleep,
        decide: (outcome) => {
          if (!outcome.ok) return { retry: outcome.error instanceof AccountingNetworkError };
          const response = outcome.value;
          if (!(response.status === 429 || response.status >= 500)) return { retry: false };
          if (isTemporarilyUnavailable(errorItemsOf(parseJson(response.text)))) return { retry: false };
          return { retry: true, retryAfterMs: retryAfterMs(response.headers) };
        },
      },
    );
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
      budget: { service: "accounting", credential: this.options.credential },
    });
  }

  /** `send`, then the body parsed with `schema`; error answers throw their error class. */
  async call<T extends z.ZodType>(schema: T, request: AccountingRequest): Promise<z.infer<T>> {
    const response = await this.send(request);
    if (response.status < 200 || response.status >= 300)
      throw errorFromApiResponse(response.status, response.text, response.headers);
    const parsed = schema.safeParse(parseJson(response.text));
    if (!parsed.success) {
      throw new AccountingResponseError(response.status, [
        {
          dataCode: "UnexpectedResponse",
          message: `Unexpected answer from ${request.method} ${pathOnly(request.path)}.`,
          source: "",
        },
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

  /**
   * One page of a business's ledger accounts (`items_per_page` ≤ 200), with the fields the trial
   * balance groups by. Pages are asked for by number, so several can be read at once.
   */
  listLedgerAccountsPage(business: string, page: number): Promise<LedgerAccountPage> {
    const query = new URLSearchParams({
      page: String(page),
      items_per_page: "200",
      attributes: "name,nominal_code,ledger_account_type",
    });
    return this.call(ledgerAccountPageSchema, { method: "GET", path: `/ledger_accounts?${query}`, business });
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
    {
      dataCode: "temporarily_unavailable",
      message: "The accounting service asked to wait before retrying.",
      source: "",
    },
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
