import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { ApiError } from "../api-error";
import type { RouteContract } from "../contract";
import { withRoute } from "./route";
import { captureLog } from "@/lib/log/testing/capture";

// What the wrapper checks against a route's contract outside production: the answer's `data`, and
// that a failure's code is one the route declares (or any route may answer).

const noParams = { params: Promise.resolve({}) };
const get = () => new NextRequest("http://localhost:3000/api/x");

vi.mock("@/lib/auth/server/session", () => ({ sessionUserFromRequest: () => Promise.resolve(null) }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const contract = {
  method: "GET",
  path: "/api/x",
  response: z.object({ count: z.number().int() }),
  errors: ["month_state"],
} as const satisfies RouteContract;

function failingWith(error: unknown) {
  return withRoute({ ...contract, auth: false }, () => {
    throw error;
  });
}

describe("withRoute with a contract", () => {
  it("answers a declared code, and the codes any route may answer, as they are", async () => {
    for (const code of [
      "month_state",
      "forbidden",
      "not_found",
      "invalid",
      "rate_limited",
      "upstream_error",
    ] as const) {
      const response = await failingWith(new ApiError(code))(get(), noParams);
      expect(response.status, code).toBe(new ApiError(code).status);
      expect((await response.json()).error.code).toBe(code);
    }
  });

  it("fails loudly on a code the contract does not declare: logged, and a 500 instead", async () => {
    const log = captureLog();
    const response = await failingWith(new ApiError("four_eyes"))(get(), noParams);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error.code).toBe("internal");
    expect(log.records()).toHaveLength(1);
    expect(log.records()[0]).toMatchObject({
      requestId: body.error.requestId,
      err: { message: expect.stringContaining('error code "four_eyes"') },
    });
  });

  it("checks an error response the handler returns itself too", async () => {
    captureLog();
    const route = withRoute({ ...contract, auth: false }, () =>
      Response.json({ ok: false, error: { code: "last_owner", message: "x" } }, { status: 409 }),
    );
    expect((await route(get(), noParams)).status).toBe(500);
  });

  it("does not check a route without a contract's codes", async () => {
    const route = withRoute({ auth: false }, () => {
      throw new ApiError("four_eyes");
    });
    expect((await route(get(), noParams)).status).toBe(403);
  });

  it("fails loudly on an answer its response schema refuses", async () => {
    const log = captureLog();
    const route = withRoute({ ...contract, auth: false }, () =>
      Response.json({ ok: true, data: { count: "two" } }, { headers: { "content-type": "application/json" } }),
    );
    const response = await route(get(), noParams);
    expect(response.status).toBe(500);
    expect(log.text()).toContain("does not match the route's contract");
  });

  it("answers an undeclared code as it is in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    const { withRoute: productionRoute } = await import("./route");
    const { ApiError: ProductionApiError } = await import("../api-error");
    const route = productionRoute({ ...contract, auth: false }, () => {
      throw new ProductionApiError("four_eyes");
    });
    const response = await route(get(), noParams);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("four_eyes");
  });

  it("answers 422 invalid with fields for a zod/mini body schema too", async () => {
    const route = withRoute(
      { auth: false, body: zm.strictObject({ period: zm.string().check(zm.regex(/^\d{4}-\d{2}$/)) }) },
      () => Response.json({ ok: true, data: {} }),
    );
    const request = new NextRequest("http://localhost:3000/api/x", {
      method: "POST",
      body: JSON.stringify({ period: "2026" }),
      headers: { "content-type": "application/json" },
    });
    const response = await route(request, noParams);
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).error.fields)).toEqual(["period"]);
  });
});
