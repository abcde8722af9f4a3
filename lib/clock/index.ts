import "server-only";
import { serverEnv } from "@/lib/env/server";

/**
 * The app's one "now". In production it is the real time. Tests, and only tests, may move it
 * forward to follow the sandbox's clock (`POST /control/clock` there): leases, the re-reads after
 * a transfer and every other expiry read this clock, so a test moves time instead of waiting.
 *
 * Allowed only under vitest (`NODE_ENV=test`) or with `TEST_CONTROLS=true`, which the browser
 * tests set for their app process and production never does (lib/composition/test-controls.ts).
 * The offset is this process's (the browser tests run one app process).
 */
const holder = globalThis as { __ledgerlaneClockOffsetMs?: number };

export function nowMs(): number {
  return Date.now() + (holder.__ledgerlaneClockOffsetMs ?? 0);
}

export function now(): Date {
  return new Date(nowMs());
}

/** Whether this process lets tests move its clock and run jobs at once. */
export function testControlsEnabled(): boolean {
  return process.env.NODE_ENV === "test" || serverEnv().TEST_CONTROLS;
}

/** Tests only: the clock runs `offsetMs` ahead of real time (forward only, as the sandbox's). */
export function setTestClockOffset(offsetMs: number): void {
  if (!testControlsEnabled()) throw new Error("The clock is moved only in tests (TEST_CONTROLS=true).");
  if (!Number.isFinite(offsetMs) || offsetMs < (holder.__ledgerlaneClockOffsetMs ?? 0))
    throw new Error("The clock moves only forward.");
  holder.__ledgerlaneClockOffsetMs = offsetMs;
}

/** Tests only: back to real time (a test's clean-up; the sandbox's `/control/reset` does the same there). */
export function resetTestClock(): void {
  if (!testControlsEnabled()) throw new Error("The clock is moved only in tests (TEST_CONTROLS=true).");
  holder.__ledgerlaneClockOffsetMs = 0;
}

/**
 * Tests only: takes the sandbox's offset (`GET {control_url}/clock`), so the app's now and the
 * sandbox's are the same. Returns the new now.
 */
export async function followSandboxClock(controlUrl: string): Promise<Date> {
  if (!testControlsEnabled()) throw new Error("The clock is moved only in tests (TEST_CONTROLS=true).");
  const response = await fetch(`${controlUrl.replace(/\/$/, "")}/clock`);
  if (!response.ok) throw new Error(`The sandbox's clock answered ${response.status}.`);
  const body = (await response.json()) as { offset_seconds?: unknown };
  if (typeof body.offset_seconds !== "number") throw new Error("The sandbox's clock has no offset_seconds.");
  holder.__ledgerlaneClockOffsetMs = body.offset_seconds * 1000;
  return now();
}
