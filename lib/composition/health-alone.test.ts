import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";

// The probes of a process whose database is not there (DATABASE_URL names a port nothing listens
// on): liveness answers from the process alone, readiness says why it is not ready.

beforeAll(() => {
  Object.assign(process.env, {
    DATABASE_URL: "postgresql://nobody@127.0.0.1:1/nowhere",
    JOBS_ENABLED: "false",
    NEXTAUTH_URL: "http://localhost:3999",
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
  });
});
afterAll(async () => {
  await closeDb();
});

const noParams = { params: Promise.resolve({}) };

describe("the probes without a database", () => {
  it("health answers 200 from the process alone", async () => {
    const { getHealth } = await import("./health");
    const response = await getHealth(new NextRequest("http://localhost:3000/api/health"), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, data: { status: "ok" } });
  });

  it("ready answers 503 unavailable, naming the database's reason and the checks it could not make", async () => {
    const { getReady } = await import("./health");
    const response = await getReady(new NextRequest("http://localhost:3000/api/ready"), noParams);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { ok: boolean; error: { code: string; message: string; checks: object } };
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe("unavailable");
    expect(body.error.checks).toEqual({
      database: expect.stringMatching(/^failed: .*ECONNREFUSED/),
      migrations: "not checked: the database does not answer",
    });
    expect(body.error.message).toMatch(/^Not ready: database: failed: .*ECONNREFUSED.*; migrations: not checked/);
  });
});
