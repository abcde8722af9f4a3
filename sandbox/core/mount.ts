import type { SandboxHandler, SandboxRequest, SandboxResponse } from "../types";

/** An injected failure that replaces the service's answer. */
export interface FaultAnswer {
  kind: "error" | "temporarily_unavailable" | "rate_limit";
  /** HTTP status for `error` (default 500) and `temporarily_unavailable` (default 503). */
  status?: number;
  /** Seconds for Retry-After. */
  retryAfter: number;
}

/** A service mounted below a path prefix of the sandbox. */
export interface Mount {
  prefix: string;
  handle: SandboxHandler;
  /** How this service reports an injected fault for `req`. */
  faultResponse(req: SandboxRequest, fault: FaultAnswer): SandboxResponse;
}
