import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { PayrollNetworkError, PayrollUnauthorizedError, PayrollValidationError } from "../../errors";

// A payroll connection's contact health: what people's calls and the jobs tell it, written at most
// once per connection and minute by people's calls (no database write per request).

const it = test.extend("connectionId", async ({ db }, { onCleanup }) => {
  const workspace = await db.workspace.create({ data: { name: `Contact ${Date.now()}` } });
  const connection = await db.payrollConnection.create({
    data: { workspaceId: workspace.id, baseUrl: "http://127.0.0.1:1/payroll", username: `contact-${Date.now()}` },
  });
  const { forgetContactNotes } = await import("./contact-health");
  forgetContactNotes();
  onCleanup(async () => {
    (await import("@/lib/clock")).resetTestClock();
    await db.payrollConnection.delete({ where: { id: connection.id } });
  });
  return connection.id;
});

describe("contact health", () => {
  it("counts an answer about the request itself as contact; a refused key and no answer as errors", async () => {
    const { contactOutcomeOf } = await import("./contact-health");
    expect(contactOutcomeOf(null)).toEqual({ ok: true });
    expect(contactOutcomeOf(new PayrollValidationError(422, "INVALID", "bad"))).toEqual({ ok: true });
    expect(contactOutcomeOf(new PayrollUnauthorizedError(401, "UNAUTHORIZED", "no"))).toMatchObject({
      ok: false,
      keyRefused: true,
    });
    expect(contactOutcomeOf(new PayrollNetworkError("connect ECONNREFUSED", false))).toMatchObject({
      ok: false,
      keyRefused: false,
    });
  });

  it("writes people's calls at most once a minute, keeping what happened meanwhile for the next write", async ({
    connectionId,
    db,
  }) => {
    const { observeContact } = await import("./contact-health");
    const clock = await import("@/lib/clock");
    observeContact(connectionId, null);
    // The write is not awaited by the call: wait for it to land.
    const first = await vi.waitFor(async () => {
      const row = await db.payrollConnectionHealth.findUniqueOrThrow({ where: { connectionId } });
      expect(row).toMatchObject({ keyAccepted: true, lastError: null });
      return row;
    });
    // Within the minute: noted, not written (no write started at all).
    observeContact(connectionId, new PayrollUnauthorizedError(401, "UNAUTHORIZED", "no"));
    expect(await db.payrollConnectionHealth.findUniqueOrThrow({ where: { connectionId } })).toMatchObject({
      keyAccepted: true,
      lastError: null,
    });
    clock.setTestClockOffset(61_000);
    observeContact(connectionId, new PayrollNetworkError("connect ECONNREFUSED", false));
    await vi.waitFor(async () =>
      expect(await db.payrollConnectionHealth.findUniqueOrThrow({ where: { connectionId } })).toMatchObject({
        keyAccepted: false,
        lastError: "connect ECONNREFUSED",
        lastSuccessAt: first.lastSuccessAt,
      }),
    );
  });

  it("records a job's outcome at once, the newer fact winning", async ({ connectionId, db }) => {
    const { recordContactNow } = await import("./contact-health");
    await recordContactNow(connectionId, {
      ok: false,
      keyRefused: true,
      message: "The payroll service refused the API key.",
    });
    await recordContactNow(connectionId, { ok: true });
    expect(await db.payrollConnectionHealth.findUniqueOrThrow({ where: { connectionId } })).toMatchObject({
      keyAccepted: true,
      lastError: "The payroll service refused the API key.",
    });
  });
});
