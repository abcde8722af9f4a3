import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "@/lib/log/testing/capture";

/**
 * The exports of people's data (Art. 15, the tax audit's) ask for a recent sign-in as the other
 * sensitive actions do (lib/auth/server/recent-confirmation.ts): a session confirmed more than ten
 * minutes ago is refused 401 `reauthentication_required` before anything is read. The database is
 * out of reach here: a call that got past the check would fail with 500 instead.
 */
vi.mock("@/lib/db/client", () => ({
  getDb: () => {
    throw new Error("no database in this test");
  },
}));
const sessionUser = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("@/lib/auth/server/session", () => ({
  sessionUserFromRequest: () => Promise.resolve(sessionUser.current),
}));

const { recordExportsHandlers } = await import("./handlers");

const WORKSPACE = "00000000-0000-4000-8000-000000000001";

function ownerConfirmed(minutesAgo: number) {
  sessionUser.current = {
    id: "00000000-0000-4000-8000-0000000000aa",
    businessIds: [],
    confirmedAt: new Date(Date.now() - minutesAgo * 60_000),
    workspace: { id: WORKSPACE, name: "W", personal: false, roles: ["owner"] },
  };
}

const calls = {
  taxAudit: () =>
    recordExportsHandlers.taxAudit(
      new NextRequest(
        `http://localhost:3000/api/workspaces/${WORKSPACE}/records/tax-audit-export?companyId=1001&from=2026-01&to=2026-11`,
      ),
      { params: Promise.resolve({ workspaceId: WORKSPACE }) },
    ),
  personalData: () =>
    recordExportsHandlers.personalData(
      new NextRequest("http://localhost:3000/api/payroll/companies/1001/employees/7/personal-data"),
      { params: Promise.resolve({ companyId: "1001", employeeId: "7" }) },
    ),
};

afterEach(() => {
  sessionUser.current = undefined;
  vi.restoreAllMocks();
});

describe("exports of people's data ask for a recent sign-in", () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: a session confirmed 11 minutes ago is refused 401 reauthentication_required`, async () => {
      ownerConfirmed(11);
      const response = await call();
      expect(response.status).toBe(401);
      const body = (await response.json()) as { ok: boolean; error: { code: string; maxAgeSeconds?: number } };
      expect(body).toMatchObject({ ok: false, error: { code: "reauthentication_required" } });
    });

    it(`${name}: a session confirmed just now gets past the check`, async () => {
      ownerConfirmed(1);
      const log = captureLog();
      const response = await call();
      // On to the (absent) database.
      expect(response.status).toBe(500);
      expect(log.records()).toHaveLength(1);
    });
  }
});
