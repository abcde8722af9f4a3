import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { REQUEST_DURATION, observeRequest, recordsRequests } from "./http-requests";
import { metricsRegistry } from "./registry";

function exchange(url: string, method: string, status: number): void {
  const response = Object.assign(new EventEmitter(), { statusCode: 0 });
  observeRequest({ url, method } as IncomingMessage, response as unknown as ServerResponse, (path) =>
    path.startsWith("/api/companies/") ? "/api/companies/[companyId]" : "unmatched",
  );
  response.statusCode = status;
  response.emit("close");
}

describe("request durations", () => {
  it("are recorded by route template, method and status once the answer ends", async () => {
    exchange("/api/companies/4711?x=1", "GET", 200);
    exchange("/api/companies/4712", "GET", 200);
    exchange("/api/companies/4712", "BREW", 404);
    const text = await metricsRegistry().getSingleMetricAsString(REQUEST_DURATION);
    expect(text).toContain(`${REQUEST_DURATION}_count{route="/api/companies/[companyId]",method="GET",status="200"} 2`);
    expect(text).toContain(
      `${REQUEST_DURATION}_count{route="/api/companies/[companyId]",method="other",status="404"} 1`,
    );
    expect(text).not.toContain("4711");
  });

  it("are recorded only where METRICS_PORT is set", () => {
    expect(recordsRequests({ METRICS_PORT: "9464" })).toBe(true);
    expect(recordsRequests({ METRICS_PORT: "" })).toBe(false);
    expect(recordsRequests({})).toBe(false);
  });
});
