import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog, type CapturedLog } from "@/lib/log/testing/capture";

/**
 * A database outage: every Prisma call and every session read fails as it does when Postgres is
 * down. The routes must still answer the envelope with a requestId (never an empty 500).
 */
const outage = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
  name: "PrismaClientInitializationError",
});
// `db.model.call()` and the client's own `$transaction`/`$queryRaw` all fail.
const failingDb = new Proxy(
  {},
  {
    get: (_, name) =>
      String(name).startsWith("$")
        ? () => Promise.reject(outage)
        : new Proxy({}, { get: () => () => Promise.reject(outage) }),
  },
);

vi.mock("@/lib/db/client", () => ({
  getDb: () => failingDb,
  queryPrepared: () => Promise.reject(outage),
  getSqlPool: () => {
    throw outage;
  },
}));
const sessionUser = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("@/lib/auth/server/session", () => ({
  sessionUserFromRequest: () =>
    sessionUser.current === undefined ? Promise.reject(outage) : Promise.resolve(sessionUser.current),
}));

const { deleteConnection, listEmployees } = await import("./handlers");

const noParams = { params: Promise.resolve({}) };

afterEach(() => {
  sessionUser.current = undefined;
  vi.restoreAllMocks();
});

async function expectOutageEnvelope(response: Response, log: CapturedLog) {
  expect(response.status).toBe(500);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { ok: boolean; error: { code: string; requestId: string; message: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe("internal");
  expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.error.message).not.toContain("127.0.0.1");
  expect(response.headers.get("x-request-id")).toBe(body.error.requestId);
  expect(log.records()).toHaveLength(1);
  expect(log.records()[0]).toMatchObject({
    requestId: body.error.requestId,
    err: { type: "PrismaClientInitializationError" },
  });
}

describe("payroll routes while the database is down", () => {
  it("answer the envelope with a requestId when the handler's Prisma call throws", async () => {
    sessionUser.current = {
      id: "u1",
      businessIds: [],
      // Signed in just now: Disconnect asks for a recent sign-in (lib/auth/server/recent-confirmation.ts).
      confirmedAt: new Date(),
      workspace: { id: "00000000-0000-4000-8000-000000000001", name: "W", personal: true, roles: ["owner"] },
    };
    const log = captureLog();
    const url = "http://localhost:3000/api/payroll/connection?id=00000000-0000-4000-8000-000000000002";
    const response = await deleteConnection(new NextRequest(url, { method: "DELETE" }), noParams);
    await expectOutageEnvelope(response, log);
  });

  it("answer the envelope with a requestId when the session cannot be read", async () => {
    const log = captureLog();
    const response = await listEmployees(new NextRequest("http://localhost:3000/api/payroll/companies/1/employees"), {
      params: Promise.resolve({ companyId: "1" }),
    });
    await expectOutageEnvelope(response, log);
  });
});
