import "server-only";
import { z } from "zod";
import { parseJsonOrUndefined as parseJson } from "@/lib/http/json";
import { quietUntilOf, startQuietPeriod } from "@/lib/http/quiet-periods";
import { withDeadline } from "@/lib/http/deadline";
import { withRetries, type Sleep } from "@/lib/http/retry";
import { upstreamRequest, UpstreamNetworkError, type UpstreamResponse } from "@/lib/http/server/upstream";
import { payrollCredential, type UpstreamBudgetKey } from "@/lib/http/server/upstream-budget";
import type { NewEmployee } from "@/features/payroll/employees/employee-schema";
import {
  PayrollNetworkError,
  PayrollRateLimitedError,
  PayrollResponseError,
  PayrollUnauthorizedError,
  PayrollUnavailableError,
} from "@/features/payroll/errors";
import { companySchema, employeeSchema, successEnvelopeSchema, type Company, type Employee } from "../schemas";
import { errorFromResponse, quietFailure } from "./payroll-failures";

/** The answer to a transfer of hours or extra payments: the period written and how many entries it holds. */
export const transferReceiptSchema = z.object({
  company_id: z.number().int(),
  month: z.string(),
  count: z.number().int(),
});
export type TransferReceipt = z.infer<typeof transferReceiptSchema>;

export interface PayrollAuthHeader {
  name: string;
  /** With `{api_key}` where the key goes. */
  template: string;
}

/** `Authorization: Bearer {api_key}` → name and template (PAYROLL_AUTH_HEADER). */
export function parseAuthHeader(setting: string): PayrollAuthHeader {
  const colon = setting.indexOf(":");
  return { name: setting.slice(0, colon).trim().toLowerCase(), template: setting.slice(colon + 1).trim() };
}

export interface PayrollClientOptions {
  baseUrl: string;
  apiKey: string;
  authHeader: PayrollAuthHeader;
  timeoutMs: number;
  /** Attempts of a GET (POSTs are sent once: whether a failed one was stored is the caller's question). */
  getAttempts?: number;
  sleep?: Sleep;
  /** When every call of this client must be over (epoch ms): a page render's deadline (lib/http/deadline.ts). */
  deadlineAt?: number;
  /** Told when the service refuses the key (401): a stored connection's owners are told (features/payroll/connection/server/key-refused.ts). */
  onKeyRefused?: () => void;
  /** Told each exchange's outcome (null: answered 200), after its retries: the connection's contact health. Must not throw. */
  observe?: (error: unknown) => void;
}

type Method = "GET" | "POST";

/** GETs: 4 tries, backoff from 100 ms, no wait (nor Retry-After) over 10 s. */
const GET_RETRY = { attempts: 4, baseDelayMs: 100, maxDelayMs: 10_000 };

// Envelope schemas are built once per data schema (building a zod schema costs more than parsing with it).
const USERNAME = z.string();
const COMPANIES = z.array(companySchema);
const EMPLOYEES = z.array(employeeSchema);
const envelopes = new Map<z.ZodType, z.ZodType>();

function envelopeFor(schema: z.ZodType): z.ZodType {
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = successEnvelopeSchema(schema);
    envelopes.set(schema, envelope);
  }
  return envelope;
}

/**
 * The typed client of the payroll service. Answers are parsed with zod; failures throw
 * their error class. GETs are retried with backoff on 429, 5xx and network failures; a POST
 * is sent exactly once, because only the caller can find out whether a failed one was stored.
 */
export class PayrollClient {
  /** The request budget this key draws on, shared by every process (lib/http/server/upstream-budget.ts). */
  private readonly budget: UpstreamBudgetKey;

  constructor(private readonly options: PayrollClientOptions) {
    this.budget = { service: "payroll", credential: payrollCredential(options.baseUrl, options.apiKey) };
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** This client, with all its calls (tries and waits together) over by `deadlineAt`. */
  boundedBy(deadlineAt: number): PayrollClient {
    return new PayrollClient({ ...this.options, deadlineAt });
  }

  private async once(method: Method, path: string, accept: string, body?: string): Promise<UpstreamResponse> {
    const { authHeader, apiKey } = this.options;
    const headers: Record<string, string> = {
      accept,
      [authHeader.name]: authHeader.template.replace("{api_key}", apiKey),
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const url = `${this.options.baseUrl}${path}`;
      return await upstreamRequest({
        method,
        url,
        headers,
        body,
        timeoutMs: this.options.timeoutMs,
        budget: this.budget,
      });
    } catch (error) {
      if (error instanceof UpstreamNetworkError) throw new PayrollNetworkError(error.message, error.timedOut);
      throw error;
    }
  }

  /** One exchange that must answer 200; GETs retried when that is safe; none during a quiet period. */
  private exchange(method: Method, path: string, accept: string, body?: string): Promise<UpstreamResponse> {
    const { deadlineAt, observe } = this.options;
    const exchanged =
      deadlineAt === undefined
        ? this.exchangeNow(method, path, accept, body)
        : withDeadline(deadlineAt, () => this.exchangeNow(method, path, accept, body));
    if (!observe) return exchanged;
    return exchanged.then(
      (response) => (observe(null), response),
      (error: unknown) => {
        observe(error);
        throw error;
      },
    );
  }

  private async exchangeNow(method: Method, path: string, accept: string, body?: string): Promise<UpstreamResponse> {
    const quiet = quietUntilOf(this.options.baseUrl);
    if (quiet !== undefined) throw quietFailure(quiet);
    const attempts = method === "GET" ? (this.options.getAttempts ?? GET_RETRY.attempts) : 1;
    try {
      return await withRetries(
        async () => {
          const response = await this.once(method, path, accept, body);
          if (response.status !== 200) throw errorFromResponse(response);
          return response;
        },
        {
          policy: { ...GET_RETRY, attempts },
          sleep: this.options.sleep,
          decide: (outcome) => {
            if (outcome.ok) return { retry: false };
            const failure = outcome.error;
            if (failure instanceof PayrollUnavailableError && failure.code === "temporarily_unavailable")
              return { retry: false };
            if (failure instanceof PayrollNetworkError) return { retry: true };
            if (failure instanceof PayrollUnavailableError || failure instanceof PayrollRateLimitedError)
              return { retry: true, retryAfterMs: failure.retryAfterMs };
            return { retry: false };
          },
        },
      );
    } catch (error) {
      if (error instanceof PayrollUnavailableError && error.code === "temporarily_unavailable")
        startQuietPeriod(this.options.baseUrl);
      if (error instanceof PayrollUnauthorizedError) this.options.onKeyRefused?.();
      throw error;
    }
  }

  private async json<T extends z.ZodType>(
    schema: T,
    method: Method,
    path: string,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const response = await this.exchange(
      method,
      path,
      "application/json",
      body === undefined ? undefined : JSON.stringify(body),
    );
    const parsed = envelopeFor(schema).safeParse(parseJson(response.text));
    if (!parsed.success) {
      throw new PayrollResponseError(
        response.status,
        "UNEXPECTED_RESPONSE",
        `Unexpected answer from ${method} ${path}.`,
      );
    }
    return (parsed.data as { data: z.infer<T> }).data;
  }

  /** The account owner's name: what verifies a key. */
  getUsername(): Promise<string> {
    return this.json(USERNAME, "GET", "/v1/username");
  }

  listCompanies(): Promise<Company[]> {
    return this.json(COMPANIES, "GET", "/v1/companies");
  }

  listEmployees(companyId: number): Promise<Employee[]> {
    return this.json(EMPLOYEES, "GET", `/v1/companies/${companyId}/employees`);
  }

  /** Sent once. A PayrollNetworkError or PayrollUnavailableError leaves open whether it was stored. */
  createEmployee(companyId: number, employee: NewEmployee): Promise<Employee> {
    return this.json(employeeSchema, "POST", `/v1/companies/${companyId}/employees`, employee);
  }

  /** Sent once; replaces the period's hours. `issues[].index` is the position in `lines`. */
  transferHourlyCompensations(companyId: number, lines: readonly Record<string, unknown>[]): Promise<TransferReceipt> {
    return this.json(transferReceiptSchema, "POST", `/v1/companies/${companyId}/hourly_compensations`, lines);
  }

  /** Sent once; replaces the period's extra payments. */
  transferFurtherPayments(companyId: number, lines: readonly Record<string, unknown>[]): Promise<TransferReceipt> {
    return this.json(transferReceiptSchema, "POST", `/v1/companies/${companyId}/further_payments`, lines);
  }

  async healthInsurancesCsv(): Promise<string> {
    return (await this.exchange("GET", "/v1/healthinsurances.csv", "text/csv")).text;
  }

  async countriesCsv(): Promise<string> {
    return (await this.exchange("GET", "/v1/countries.csv", "text/csv")).text;
  }
}
