import { createPrng, type Prng } from "./core/prng";
import type { FaultAnswer } from "./core/mount";

export const FAULT_KINDS = [
  "error",
  "latency",
  "temporarily_unavailable",
  "rate_limit",
  "drop_after_commit",
  "commit_late",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One rule of POST /control/faults. */
export interface FaultRule {
  /** HTTP method to match; any method when absent. */
  method?: string;
  /** Path glob on the request path: `*` matches within one segment, `**` across segments. */
  path: string;
  /** Query parameters the request must carry with exactly these values (others may be present too). */
  query?: Record<string, string>;
  /** Probability (0..1) that a matching request is hit; default 1. */
  rate?: number;
  kind: FaultKind;
  status?: number;
  latency_ms?: number;
  retry_after?: number;
  /** Stop after this many hits. */
  times?: number;
  /** `commit_late`: the request is carried out this many seconds later, on the sandbox clock (default 23). */
  commit_after_seconds?: number;
}

export interface FaultConfig {
  seed?: number;
  rules?: FaultRule[];
}

interface CompiledRule extends FaultRule {
  pattern: RegExp;
  hits: number;
}

/** What the server does with one request. */
export interface FaultPlan {
  latencyMs: number;
  answer?: FaultAnswer;
  dropAfterCommit: boolean;
  /** `commit_late`: close the connection unanswered now, carry the request out this many seconds later (sandbox clock). */
  commitLateSeconds?: number;
  /** Number of rules that fired. */
  fired: number;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const pattern = escaped.replace(/\*\*|\*/g, (star) => (star === "**" ? ".*" : "[^/]*"));
  return new RegExp(`^${pattern}$`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalNumber(
  rule: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  problems: string[],
  where: string,
): void {
  const value = rule[name];
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    problems.push(`${where}.${name} must be a number from ${min} to ${max}`);
  }
}

/** Validates a POST /control/faults body; the list of problems (empty when fine). */
export function validateFaultConfig(input: unknown): string[] {
  if (!isRecord(input)) return ["the body must be a JSON object"];
  const problems: string[] = [];
  if (input.seed !== undefined && (typeof input.seed !== "number" || !Number.isInteger(input.seed))) {
    problems.push("seed must be an integer");
  }
  if (input.rules === undefined) return problems;
  if (!Array.isArray(input.rules)) return [...problems, "rules must be an array"];
  input.rules.forEach((rule: unknown, index) => {
    const where = `rules[${index}]`;
    if (!isRecord(rule)) {
      problems.push(`${where} must be an object`);
      return;
    }
    if (typeof rule.path !== "string" || !rule.path.startsWith("/"))
      problems.push(`${where}.path must be a path starting with /`);
    if (rule.method !== undefined && typeof rule.method !== "string") problems.push(`${where}.method must be a string`);
    if (
      rule.query !== undefined &&
      (!isRecord(rule.query) || !Object.values(rule.query).every((value) => typeof value === "string"))
    ) {
      problems.push(`${where}.query must be an object of strings`);
    }
    if (!FAULT_KINDS.includes(rule.kind as FaultKind))
      problems.push(`${where}.kind must be one of ${FAULT_KINDS.join(", ")}`);
    optionalNumber(rule, "rate", 0, 1, problems, where);
    optionalNumber(rule, "status", 400, 599, problems, where);
    optionalNumber(rule, "latency_ms", 0, 60_000, problems, where);
    optionalNumber(rule, "retry_after", 0, 86_400, problems, where);
    optionalNumber(rule, "times", 1, Number.MAX_SAFE_INTEGER, problems, where);
    optionalNumber(rule, "commit_after_seconds", 0, 86_400, problems, where);
  });
  return problems;
}

/** Seeded, per-endpoint fault injection. Control routes are never passed through it. */
export class FaultInjector {
  private rules: CompiledRule[] = [];
  private config: FaultConfig = {};
  private random: Prng = createPrng(1);

  /** Replaces the configuration; call validateFaultConfig first. `{}` clears. */
  configure(config: FaultConfig): void {
    this.config = config;
    this.random = createPrng(config.seed ?? 1);
    this.rules = (config.rules ?? []).map((rule) => ({ ...rule, pattern: globToRegExp(rule.path), hits: 0 }));
  }

  clear(): void {
    this.configure({});
  }

  describe(): FaultConfig & { hits: number[] } {
    return { ...this.config, hits: this.rules.map((rule) => rule.hits) };
  }

  plan(method: string, path: string, query: URLSearchParams = new URLSearchParams()): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0, dropAfterCommit: false, fired: 0 };
    for (const rule of this.rules) {
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (!rule.pattern.test(path)) continue;
      if (rule.query && !Object.entries(rule.query).every(([name, value]) => query.getAll(name).includes(value)))
        continue;
      if (rule.times !== undefined && rule.hits >= rule.times) continue;
      if (rule.kind !== "latency" && (plan.answer || plan.dropAfterCommit || plan.commitLateSeconds !== undefined))
        continue;
      if (this.random() >= (rule.rate ?? 1)) continue;
      rule.hits++;
      plan.fired++;
      switch (rule.kind) {
        case "latency":
          plan.latencyMs += rule.latency_ms ?? 200;
          break;
        case "drop_after_commit":
          plan.dropAfterCommit = true;
          break;
        case "commit_late":
          plan.commitLateSeconds = rule.commit_after_seconds ?? 23;
          break;
        default:
          plan.answer = {
            kind: rule.kind,
            ...(rule.status === undefined ? {} : { status: rule.status }),
            retryAfter: rule.retry_after ?? 1,
          };
      }
    }
    return plan;
  }
}
