import {
  changeLead,
  fixtureUsers,
  postJournal,
  registerClient,
  updateSettings,
  type ControlResult,
} from "./accounting/control";
import type { AccountingState } from "./accounting/state";
import type { SandboxClock } from "./clock";
import { json } from "./core/http";
import { validateFaultConfig, type FaultConfig, type FaultInjector } from "./faults";
import { validateLimitConfig, type LimitConfig, type RequestLimiter } from "./limits";
import type { PayrollModule } from "./payroll";
import type { SandboxStats } from "./stats";
import type { SandboxHandler, SandboxRequest, SandboxResponse } from "./types";

export interface ControlDependencies {
  accounting: AccountingState;
  payroll: PayrollModule;
  clock: SandboxClock;
  stats: SandboxStats;
  faults: FaultInjector;
  limiter: RequestLimiter;
  /** Everything back to the seed. */
  reset(): void;
}

function parseJson(req: SandboxRequest): { value: unknown } | SandboxResponse {
  const text = req.body.toString("utf8").trim();
  if (text === "") return { value: {} };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return json(400, { error: "the body is not valid JSON" });
  }
}

function answer(result: ControlResult): SandboxResponse {
  return json(result.status, result.body);
}

/** The control API below control_url; `req.path` like "/reset" or "/payroll/companies/1/pay_run". */
export function createControlHandler(deps: ControlDependencies): SandboxHandler {
  const { accounting, payroll, clock, stats, faults, limiter } = deps;
  const withBody = (req: SandboxRequest, action: (body: unknown) => SandboxResponse): SandboxResponse => {
    const parsed = parseJson(req);
    return "value" in parsed ? action(parsed.value) : parsed;
  };

  return (req) => {
    if (req.path === "/payroll" || req.path.startsWith("/payroll/")) {
      return payroll.control({ ...req, path: req.path.slice("/payroll".length) || "/" });
    }
    switch (`${req.method} ${req.path}`) {
      case "POST /clients":
        return withBody(req, (body) => answer(registerClient(accounting, body)));
      case "GET /fixtures":
        return json(200, { users: fixtureUsers(), payroll: payroll.fixtures() });
      case "POST /reset":
        deps.reset();
        return json(200, { reset: true, now: clock.now().toISOString() });
      case "GET /clock":
        return json(200, { now: clock.now().toISOString(), offset_seconds: clock.offsetSeconds() });
      case "POST /clock":
        return withBody(req, (body) => {
          const seconds = (body as { advance_seconds?: unknown }).advance_seconds;
          if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
            return json(422, { error: "advance_seconds must be a non-negative number" });
          }
          clock.advance(seconds);
          return json(200, { now: clock.now().toISOString() });
        });
      case "GET /stats":
        return json(200, { ...stats.toJSON(), per_minute: limiter.perMinute(), rate_limited: limiter.rateLimited });
      case "GET /tokens":
        return json(200, accounting.tokens.list(clock.nowMs()));
      case "POST /journals":
        return withBody(req, (body) => answer(postJournal(accounting, body)));
      case "GET /faults":
        return json(200, faults.describe());
      case "POST /faults":
        return withBody(req, (body) => {
          const problems = validateFaultConfig(body);
          if (problems.length > 0) return json(422, { error: "invalid fault configuration", details: problems });
          faults.configure(body as FaultConfig);
          return json(200, faults.describe());
        });
      case "GET /limits":
        return json(200, limiter.describe());
      case "POST /limits":
        return withBody(req, (body) => {
          const problems = validateLimitConfig(body);
          if (problems.length > 0) return json(422, { error: "invalid limits", details: problems });
          limiter.configure(body as LimitConfig);
          return json(200, limiter.describe());
        });
      case "GET /settings":
        return json(200, { aggregation_delay_ms: accounting.aggregationDelayMs });
      case "POST /settings":
        return withBody(req, (body) => answer(updateSettings(accounting, body)));
      case "POST /lead":
        return withBody(req, (body) => answer(changeLead(accounting, body)));
      default:
        return json(404, { error: `no control route ${req.method} ${req.path}` });
    }
  };
}
