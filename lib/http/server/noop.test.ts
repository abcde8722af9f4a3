import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

const env = vi.hoisted(() => ({ BENCH_ROUTES: false }));
vi.mock("@/lib/env/server", () => ({ serverEnv: () => env }));
vi.mock("@/lib/auth/server/session", () => ({ sessionUserFromRequest: () => Promise.resolve(null) }));
const { getNoop } = await import("./noop");

const call = () => getNoop(new NextRequest("http://localhost:3000/api/noop"), { params: Promise.resolve({}) });

describe("GET /api/noop (the proxy bench's baseline)", () => {
  it("does not exist unless the bench enables it: 404 in the envelope", async () => {
    env.BENCH_ROUTES = false;
    const response = await call();
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("answers 200 with BENCH_ROUTES=true", async () => {
    env.BENCH_ROUTES = true;
    const response = await call();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
