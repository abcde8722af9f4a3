import { describe, expect, it } from "vitest";
import type { UpstreamRequest, UpstreamResponse } from "@/lib/http/server/upstream";
import { LegacyClient } from "./client";

describe("LegacyClient", () => {
  it("sends the bearer token and X-Site; after a 401 renews once and retries", async () => {
    const seen: UpstreamRequest[] = [];
    const renewed: string[] = [];
    const client = new LegacyClient({
      site: "business-1",
      timeoutMs: 1000,
      tokens: { get: async () => "old", renew: async (stale) => (renewed.push(stale), "new") },
      send: async (request): Promise<UpstreamResponse> => {
        seen.push(request);
        return { status: request.headers?.authorization === "Bearer old" ? 401 : 200, headers: {}, text: "{}" };
      },
    });
    const response = await client.send({ method: "GET", url: "https://legacy.example/resource" });
    expect(response.status).toBe(200);
    expect(renewed).toEqual(["old"]);
    expect(seen.map((request) => [request.headers?.authorization, request.headers?.["x-site"]])).toEqual([
      ["Bearer old", "business-1"],
      ["Bearer new", "business-1"],
    ]);
  });
});
