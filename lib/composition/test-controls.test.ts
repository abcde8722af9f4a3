import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

// The tests' controls (app/api/test/**) do not exist without TEST_CONTROLS=true: every method of
// every one of them answers 404 in the envelope, as for a path no route has (not 405, which would
// tell that the route is there).

// As production runs: no TEST_CONTROLS.
vi.mock("@/lib/env/server", () => ({ serverEnv: () => ({ TEST_CONTROLS: false }) }));
vi.mock("@/lib/auth/server/session", () => ({ sessionUserFromRequest: () => Promise.resolve(null) }));

const ROOT = path.resolve(import.meta.dirname, "../..");
const BASE = path.join(ROOT, "app/api/test");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const routeFiles = (readdirSync(BASE, { recursive: true }) as string[])
  .filter((file) => path.basename(file) === "route.ts")
  .sort();

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

describe("test controls without TEST_CONTROLS", () => {
  it("finds the test routes", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(2);
  });

  it.each(routeFiles)("%s answers 404 for every method", async (file) => {
    const exported = (await import(path.join(BASE, file))) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = exported[method];
      expect(typeof handler, `${file} ${method} is exported`).toBe("function");
      const url = `http://localhost:3999/api/test/${path.dirname(file).replace("[name]", "mail-outbox")}`;
      const response = await (handler as Handler)(new NextRequest(url, { method }), {
        params: Promise.resolve({ name: "mail-outbox" }),
      });
      expect(response.status, `${file} ${method}`).toBe(404);
      if (method !== "HEAD") expect(await response.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
    }
  });
});
