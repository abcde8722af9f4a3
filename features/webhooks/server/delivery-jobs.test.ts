import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, createPrismaClient } from "@/lib/db/client";
import type { DomainEvent } from "@/lib/events/events";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { RETRY_DELAYS_MS } from "../retry-schedule";
import { startReceiver, type Receiver } from "./testing";

// Webhook deliveries sent by their pg-boss jobs, as an app process runs them (startWebhookJobs:
// pg-boss as the app's role, on a database of the file's own), to a real local receiver that
// verifies every signature: a delivery's job commits with it, an event emitted twice is one
// delivery, and a refused attempt's retry is a job due at the retry's own time (5 s after it,
// waited for here: nothing else wakes the sender), with the same webhook-id.

let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
let sql: pg.Client;
let receiver: Receiver;
let ownerId = "";
let workspaceId = "";

beforeAll(async () => {
  database = await ownDatabase();
  Object.assign(process.env, {
    DATABASE_URL: database.urls.appUrl,
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
  db = createPrismaClient(database.urls.appUrl);
  sql = new pg.Client({ connectionString: database.urls.appUrl });
  await sql.connect();
  ownerId = (
    await db.user.create({ data: { accountingUserId: `webhook-jobs:${randomUUID()}`, displayName: "Olga Owner" } })
  ).id;
  workspaceId = (
    await db.workspace.create({
      data: { name: "Webhook firm", members: { create: { userId: ownerId, roles: ["owner"] } } },
    })
  ).id;
  receiver = await startReceiver();
  const { startWebhookJobs } = await import("./jobs");
  await startWebhookJobs();
});
afterAll(async () => {
  const { stopBoss } = await import("@/lib/jobs/boss");
  await stopBoss();
  await receiver.close();
  await sql.end();
  await db.$disconnect();
  await closeDb();
  await database.drop();
});

function approved(monthCloseId: string = randomUUID()): DomainEvent {
  return {
    type: "month.approved",
    workspaceId,
    occurredAt: new Date(Date.UTC(2026, 10, 26, 10, 0, 0)).toISOString(),
    actor: { id: ownerId, name: "Olga Owner" },
    connectionId: randomUUID(),
    companyId: 1001,
    companyName: "Bäckerei Kraus",
    period: "2026-11",
    monthCloseId,
    submittedById: ownerId,
  };
}

describe("webhook deliveries' pg-boss jobs", () => {
  it("deliver an event once, and retry a refused attempt by a job due at the retry's own time, same webhook-id", async () => {
    const { createEndpoint } = await import("./endpoints");
    const { enqueueWebhookDeliveries } = await import("./enqueue");
    const { endpoint, secret } = await createEndpoint(ownerId, workspaceId, {
      url: receiver.url,
      eventTypes: ["month.approved"],
    });
    receiver.secrets.push(secret);
    receiver.failNext("month.approved", 1);
    const event = approved();
    await expect(
      db.$transaction(async (tx) => {
        await enqueueWebhookDeliveries(tx, approved());
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.$transaction((tx) => enqueueWebhookDeliveries(tx, event));
    await db.$transaction((tx) => enqueueWebhookDeliveries(tx, event)); // the same event again: nothing new
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
    const jobs = () =>
      sql
        .query<{ state: string }>(
          "SELECT state::text FROM pgboss.job WHERE name = $1 AND data->>'id' = $2 ORDER BY created_on",
          [WEBHOOK_QUEUES.deliveries, delivery.id],
        )
        .then((result) => result.rows.map((row) => row.state));

    // The first attempt (500): its retry is a job of its own, due 5 s later.
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect(await jobs()).toEqual(["completed", "created"]), {
      timeout: 10_000,
      interval: 100,
    });
    const failedAt = Date.now();
    const { rows } = await sql.query<{ due_in_ms: number }>(
      `SELECT (extract(epoch FROM start_after - now()) * 1000)::float8 AS due_in_ms FROM pgboss.job
       WHERE name = $1 AND data->>'id' = $2 AND state = 'created'`,
      [WEBHOOK_QUEUES.deliveries, delivery.id],
    );
    expect(rows[0]!.due_in_ms).toBeGreaterThan(RETRY_DELAYS_MS[0] - 2_000);
    expect(rows[0]!.due_in_ms).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]);

    // The retry, at its time.
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 15_000, interval: 100 });
    expect(Date.now() - failedAt).toBeGreaterThan(RETRY_DELAYS_MS[0] - 2_000);
    expect(receiver.received.map((attempt) => attempt.answered)).toEqual([500, 204]);
    expect(new Set(receiver.received.map((attempt) => attempt.id))).toEqual(new Set([`msg_${delivery.id}`]));
    expect(receiver.received.every((attempt) => attempt.verifiedWith.length === 1)).toBe(true);
    await vi.waitFor(
      async () =>
        expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
          status: "succeeded",
          attempts: 2,
          lastStatusCode: 204,
          nextAttemptAt: null,
        }),
      { timeout: 10_000, interval: 100 },
    );
    await vi.waitFor(async () => expect(await jobs()).toEqual(["completed", "completed"]), {
      timeout: 10_000,
      interval: 100,
    });
    // No job but this delivery's: the rolled-back event left none, the repeated one made none.
    const others = await sql.query("SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'id' <> $2", [
      WEBHOOK_QUEUES.deliveries,
      delivery.id,
    ]);
    expect(others.rowCount).toBe(0);
  });
});
