import "server-only";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";

export interface CheckResult {
  status: "up" | "down";
  latencyMs: number;
  error?: string;
}

export interface HealthReport {
  status: "ok" | "degraded";
  checks: Record<string, CheckResult>;
}

const UPSTREAM_TIMEOUT_MS = 2_000;

async function timed(probe: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await probe();
    return { status: "up", latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: "down", latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** Any HTTP answer means the service is reachable; only network failures and timeouts count as down. */
async function reachable(url: string): Promise<void> {
  const response = await fetch(url, { method: "GET", signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  await response.body?.cancel();
}

export async function runHealthChecks(): Promise<HealthReport> {
  const env = serverEnv();
  const entries = await Promise.all(
    [
      ["database", timed(() => getDb().$queryRaw`SELECT 1`)] as const,
      ["accounting", timed(() => reachable(`${env.ACCOUNTING_BASE_URL}/user`))] as const,
      ["payroll", timed(() => reachable(`${env.PAYROLL_BASE_URL}/v1/username`))] as const,
    ].map(async ([name, result]) => [name, await result] as const),
  );
  const checks = Object.fromEntries(entries);
  const status = Object.values(checks).every((check) => check.status === "up") ? "ok" : "degraded";
  return { status, checks };
}
