import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import type { DomainEvent } from "@/lib/events/events";
import { testDb } from "@/scripts/test/db";
import { nextAttemptAfter, RETRY_DELAYS_MS } from "../retry-schedule";
import { runDueDeliveries as runAll } from "./deliveries";
import { createEndpoint, rotateSecret, updateEndpoint } from "./endpoints";
import { enqueueWebhookDeliveries } from "./enqueue";
import { startReceiver, type Receiver } from "./testing";

/**
 * Webhooks end to end against a real local receiver that verifies every signature with the
 * Standard Webhooks library: events enqueued in their transaction, sent through their jobs' work
 * (runDueDeliveries, the run-now of the test controls), retried with the app's clock moved (no
 * sleeps), each accepted once. The jobs themselves, with pg-boss: ./delivery-jobs.test.ts.
 */
const db = testDb();
const userIds: string[] = [];
let workspaceId = "";
let ownerId = "";
let receiver: Receiver;
// This file's endpoints: the suite's files share one database, and each runs only its own deliveries.
const mine: string[] = [];
const runDueDeliveries = () => runAll(mine);

beforeAll(async () => {
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
    NEXTAUTH_URL: "http://localhost:3999",
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
    // The receiver listens on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE: "true",
  });
  const owner = await db.user.create({
    data: { accountingUserId: `webhooks:${randomUUID()}`, displayName: "Olga Owner" },
  });
  ownerId = owner.id;
  userIds.push(owner.id);
  workspaceId = (
    await db.workspace.create({
      data: { name: "Webhook firm", members: { create: { userId: owner.id, roles: ["owner"] } } },
    })
  ).id;
  receiver = await startReceiver();
});

afterAll(async () => {
  resetTestClock();
  await receiver.close();
  await db.webhookEndpoint.deleteMany({ where: { workspaceId } });
  await db.$disconnect();
});

let second = 0;
function monthEvent(type: "month.submitted" | "month.approved" | "month.transferred" | "month.withdrawn"): DomainEvent {
  second += 1;
  const base = {
    workspaceId,
    occurredAt: new Date(Date.UTC(2026, 10, 26, 10, 0, second)).toISOString(),
    actor: { id: ownerId, name: "Olga Owner" },
    connectionId: randomUUID(),
    companyId: 1001,
    companyName: "Bäckerei Kraus",
    period: "2026-11",
    monthCloseId: randomUUID(),
  };
  if (type === "month.transferred") return { ...base, type, submittedById: ownerId, approvedById: ownerId };
  if (type === "month.approved") return { ...base, type, submittedById: ownerId };
  if (type === "month.submitted") return { ...base, type, approverRoles: ["owner", "approver"] };
  return { ...base, type };
}

async function emit(event: DomainEvent): Promise<void> {
  await db.$transaction((tx) => enqueueWebhookDeliveries(tx, event));
}

/** Moves the app's clock forward by `ms` (lib/clock) and runs what is due. */
async function later(ms: number) {
  setTestClockOffset(nowMs() - Date.now() + ms);
  return runDueDeliveries();
}

describe("webhook deliveries", () => {
  it("deliver each state change once, signed, also after the receiver answered 500 twice", async () => {
    const { endpoint, secret } = await createEndpoint(ownerId, workspaceId, {
      url: receiver.url,
      eventTypes: ["month.submitted", "month.approved", "month.transferred"],
    });
    receiver.secrets.push(secret);
    mine.push(endpoint.id);
    receiver.failNext("month.approved", 2);
    const submitted = monthEvent("month.submitted");
    const approved = monthEvent("month.approved");
    await emit(submitted);
    await emit(approved);
    await emit(approved); // the same event again: one delivery
    await emit(monthEvent("month.withdrawn")); // not subscribed
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);

    expect(await runDueDeliveries()).toEqual({ succeeded: 1, retry: 1, failed: 0 });
    expect(await runDueDeliveries()).toEqual({ succeeded: 0, retry: 0, failed: 0 }); // the retry is not due yet
    expect(await later(RETRY_DELAYS_MS[0])).toEqual({ succeeded: 0, retry: 1, failed: 0 });
    expect(await later(RETRY_DELAYS_MS[1])).toEqual({ succeeded: 1, retry: 0, failed: 0 });
    await emit(monthEvent("month.transferred"));
    expect(await runDueDeliveries()).toEqual({ succeeded: 1, retry: 0, failed: 0 });

    expect(receiver.received.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
    expect(receiver.accepted().map((delivery) => delivery.type)).toEqual([
      "month.submitted",
      "month.approved",
      "month.transferred",
    ]);
    const approvals = receiver.received.filter((delivery) => JSON.parse(delivery.body).type === "month.approved");
    expect(approvals.map((delivery) => delivery.answered)).toEqual([500, 500, 204]);
    expect(new Set(approvals.map((delivery) => delivery.id)).size).toBe(1); // the same webhook-id on every attempt
    expect(approvals[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(approvals[2]!.body)).toEqual({
      type: "month.approved",
      timestamp: approved.occurredAt,
      data: expect.objectContaining({
        companyName: "Bäckerei Kraus",
        period: "2026-11",
        actor: { name: "Olga Owner" },
      }),
    });
    const row = await db.webhookDelivery.findFirstOrThrow({
      where: { endpointId: endpoint.id, eventType: "month.approved" },
    });
    expect(row).toMatchObject({
      status: "succeeded",
      attempts: 3,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    });
    await updateEndpoint(ownerId, workspaceId, endpoint.id, { enabled: false });
  });

  it("never send one delivery twice when two workers run at once (SKIP LOCKED claims)", async () => {
    const { endpoint, secret } = await createEndpoint(ownerId, workspaceId, {
      url: receiver.url,
      eventTypes: ["month.submitted"],
    });
    receiver.secrets.push(secret);
    mine.push(endpoint.id);
    const before = receiver.received.length;
    for (let i = 0; i < 12; i += 1) await emit(monthEvent("month.submitted"));
    const runs = await Promise.all([runDueDeliveries(), runDueDeliveries(), runDueDeliveries()]);
    expect(runs.reduce((sum, run) => sum + run.succeeded, 0)).toBe(12);
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((delivery) => delivery.id)).size).toBe(12);
    await updateEndpoint(ownerId, workspaceId, endpoint.id, { enabled: false });
  });

  it("sign with the new and the previous secret for 24 hours after a rotation", async () => {
    const { endpoint, secret: old } = await createEndpoint(ownerId, workspaceId, {
      url: receiver.url,
      eventTypes: ["month.approved"],
    });
    mine.push(endpoint.id);
    const fresh = await rotateSecret(ownerId, workspaceId, endpoint.id);
    receiver.secrets.splice(0, receiver.secrets.length, old, fresh);
    await emit(monthEvent("month.approved"));
    await runDueDeliveries();
    expect(receiver.received.at(-1)!.verifiedWith).toEqual([0, 1]);
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secretEncrypted).not.toContain(fresh.slice(6));
    expect(stored.previousSecretEncrypted).not.toContain(old.slice(6));
    setTestClockOffset(nowMs() - Date.now() + 24 * 3_600_000 + 1000);
    await emit(monthEvent("month.approved"));
    await runDueDeliveries();
    expect(receiver.received.at(-1)!.verifiedWith).toEqual([1]);
    await updateEndpoint(ownerId, workspaceId, endpoint.id, { enabled: false });
  });

  it("give up after the last retry, saying why", async () => {
    const { endpoint, secret } = await createEndpoint(ownerId, workspaceId, {
      url: receiver.url,
      eventTypes: ["month.withdrawn"],
    });
    receiver.secrets.push(secret);
    mine.push(endpoint.id);
    receiver.failNext("month.withdrawn", 100);
    await emit(monthEvent("month.withdrawn"));
    await runDueDeliveries();
    for (const delay of RETRY_DELAYS_MS) await later(delay);
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(row).toMatchObject({
      status: "failed",
      attempts: RETRY_DELAYS_MS.length + 1,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
    expect(row.lastError).toContain("500");
    expect(nextAttemptAfter(RETRY_DELAYS_MS.length + 1, new Date())).toBeNull();
    await updateEndpoint(ownerId, workspaceId, endpoint.id, { enabled: false });
  });
});
