import { describe, expect, it } from "vitest";
import { metricsRegistry } from "./registry";
import { UPSTREAM_REFUSALS, UPSTREAM_REQUESTS, observedUpstream } from "./upstream";

const answer = (status: number, headers: Record<string, string> = {}) => Promise.resolve({ status, headers, text: "" });

describe("upstream metrics", () => {
  it("count each exchange by service and status, failures by kind, and the budget's refusals apart", async () => {
    await observedUpstream("payroll", answer(200));
    await observedUpstream("payroll", answer(503));
    await observedUpstream("accounting", answer(429, { "x-upstream-budget": "exhausted" }));
    await observedUpstream(
      "accounting",
      Promise.reject(Object.assign(new Error("did not answer in time"), { timedOut: true })),
    ).catch(() => undefined);
    await observedUpstream(undefined, answer(200));
    await new Promise((resolve) => setImmediate(resolve));
    const requests = await metricsRegistry().getSingleMetricAsString(UPSTREAM_REQUESTS);
    expect(requests).toContain(`${UPSTREAM_REQUESTS}{service="payroll",status="200"} 1`);
    expect(requests).toContain(`${UPSTREAM_REQUESTS}{service="payroll",status="503"} 1`);
    expect(requests).toContain(`${UPSTREAM_REQUESTS}{service="accounting",status="timeout"} 1`);
    expect(requests).toContain(`${UPSTREAM_REQUESTS}{service="none",status="200"} 1`);
    expect(requests).not.toContain('status="429"');
    expect(await metricsRegistry().getSingleMetricAsString(UPSTREAM_REFUSALS)).toContain(
      `${UPSTREAM_REFUSALS}{service="accounting"} 1`,
    );
  });

  it("hand the caller's answer and failure back untouched", async () => {
    const failure = new Error("unreachable");
    await expect(observedUpstream("payroll", Promise.reject(failure))).rejects.toBe(failure);
    await expect(observedUpstream("payroll", answer(201))).resolves.toMatchObject({ status: 201 });
  });
});
