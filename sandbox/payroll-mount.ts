import type { FaultAnswer, Mount } from "./core/mount";
import { PAYROLL_PREFIX } from "./discovery";
import type { PayrollModule } from "./payroll";
import type { SandboxStats } from "./stats";
import type { SandboxResponse } from "./types";

/** Injected faults in the payroll service's failure envelope. */
function payrollFault(fault: FaultAnswer): SandboxResponse {
  const status = fault.kind === "rate_limit" ? 429 : (fault.status ?? (fault.kind === "error" ? 500 : 503));
  const message =
    fault.kind === "rate_limit"
      ? "Too many requests."
      : fault.kind === "error"
        ? "Unexpected error (injected by the sandbox)."
        : "The service is temporarily unavailable.";
  return {
    status,
    headers: {
      "content-type": "application/json;charset=UTF-8",
      "cache-control": "no-store",
      pragma: "no-cache",
      ...(fault.kind === "error" ? {} : { "retry-after": String(fault.retryAfter) }),
    },
    body: JSON.stringify({
      success: false,
      state: "ERROR",
      error: {
        code:
          fault.kind === "rate_limit" ? "TOO_MANY_REQUESTS" : fault.kind === "error" ? "INTERNAL_ERROR" : "UNAVAILABLE",
        message,
        issues: [],
      },
      data: null,
    }),
  };
}

export function payrollMount(payroll: PayrollModule, stats: SandboxStats): Mount {
  return {
    prefix: PAYROLL_PREFIX,
    handle(req) {
      stats.payroll++;
      return payroll.handle(req);
    },
    faultResponse: (_req, fault) => payrollFault(fault),
  };
}
