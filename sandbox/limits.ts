/**
 * Per-credential request limits per wall-clock minute (POST /control/limits), and the
 * per-minute counts GET /control/stats shows. Windows are real minutes ("2026-11-26T21:04",
 * UTC), not the sandbox clock: a client's request budget runs on real time, and tests that
 * move the sandbox clock must not open a new window.
 */

export interface LimitConfig {
  payroll_per_minute?: number;
  accounting_per_minute?: number;
}

export type CredentialService = "payroll" | "accounting";

/** Who a request is counted for: `payroll:<api key>` or `accounting:<client_id>:<user id>`. */
export interface Credential {
  service: CredentialService;
  label: string;
}

/** Minutes of counts kept per credential; older ones are dropped so a long-running sandbox stays small. */
const KEPT_MINUTES = 120;

export function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

export function validateLimitConfig(body: unknown): string[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return ["the body must be an object"];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key !== "payroll_per_minute" && key !== "accounting_per_minute") problems.push(`unknown field ${key}`);
    else if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
      problems.push(`${key} must be a positive integer`);
  }
  return problems;
}

export class RequestLimiter {
  private config: LimitConfig = {};
  /** label -> minute -> requests seen (refused ones included). */
  private seen = new Map<string, Map<string, number>>();
  /** label -> requests let through in the current minute. */
  private admitted = new Map<string, { minute: string; count: number }>();
  rateLimited = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  configure(config: LimitConfig): void {
    this.config = { ...config };
  }

  describe(): LimitConfig {
    return { ...this.config };
  }

  reset(): void {
    this.config = {};
    this.seen.clear();
    this.admitted.clear();
    this.rateLimited = 0;
  }

  /**
   * Counts the request and decides: undefined to let it through, or the seconds until the
   * minute window ends (the Retry-After of the 429) when the credential used up its minute.
   */
  admit(credential: Credential): number | undefined {
    const now = this.nowMs();
    const minute = minuteOf(now);
    this.count(credential.label, minute);
    const limit = credential.service === "payroll" ? this.config.payroll_per_minute : this.config.accounting_per_minute;
    const window = this.admitted.get(credential.label);
    const admitted = window?.minute === minute ? window.count : 0;
    if (limit !== undefined && admitted >= limit) {
      this.rateLimited++;
      return Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000));
    }
    this.admitted.set(credential.label, { minute, count: admitted + 1 });
    return undefined;
  }

  private count(label: string, minute: string): void {
    let minutes = this.seen.get(label);
    if (!minutes) this.seen.set(label, (minutes = new Map()));
    minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
    if (minutes.size > KEPT_MINUTES) {
      const oldest = minutes.keys().next().value;
      if (oldest !== undefined) minutes.delete(oldest);
    }
  }

  /** `{ "<label>": { "YYYY-MM-DDTHH:MM": n } }`, minutes in order. */
  perMinute(): Record<string, Record<string, number>> {
    return Object.fromEntries([...this.seen].map(([label, minutes]) => [label, Object.fromEntries(minutes)]));
  }
}
