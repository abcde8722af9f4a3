import { ApiError, errorResponse, successResponse } from "@/lib/http/api-error";
import type { Readiness } from "./readiness";

// The probes' answers, shared by the routes (lib/composition/probes.ts) and the web's operations
// thread (lib/composition/ops-thread/entry.ts), which must not load what probes.ts composes (every
// feature's manifest).

/** Liveness: the process answers; it asks nothing of the database or the services. */
export function healthResponse(): Response {
  return successResponse({ status: "ok" });
}

/** Readiness: 200 with every check "ok", else 503 `unavailable` naming each check's reason. */
export function readinessResponse({ ready, checks }: Readiness): Response {
  if (ready) return successResponse({ checks });
  const failing = Object.entries(checks).filter(([, outcome]) => outcome !== "ok");
  const message = `Not ready: ${failing.map(([name, outcome]) => `${name}: ${outcome}`).join("; ")}`;
  return errorResponse(new ApiError("unavailable", message, { extra: { checks } }));
}
