import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiError, toApiError } from "@/lib/http/api-error";
import { testDb } from "@/scripts/test/db";
import { listDeliveries } from "./delivery-log";
import { rolesFor } from "@/features/workspaces/permissions";
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  MANAGING_ROLES,
  revealSecret,
  rotateSecret,
  updateEndpoint,
} from "./endpoints";

/** Registering endpoints: owners only, public https addresses only (WEBHOOKS_ALLOW_PRIVATE unset here), secrets sealed, every change audited. */
const db = testDb();
let workspaceId = "";
let ownerId = "";
let clerkId = "";
let strangerId = "";

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
  });
  const person = async (name: string) =>
    (await db.user.create({ data: { accountingUserId: `endpoints:${randomUUID()}`, displayName: name } })).id;
  [ownerId, clerkId, strangerId] = await Promise.all([
    person("Olga Owner"),
    person("Carl Clerk"),
    person("Stan Stranger"),
  ]);
  workspaceId = (
    await db.workspace.create({
      data: {
        name: "Endpoint firm",
        members: {
          create: [
            { userId: ownerId, roles: ["owner"] },
            { userId: clerkId, roles: ["clerk", "approver"] },
          ],
        },
      },
    })
  ).id;
});

afterAll(async () => {
  await db.$disconnect();
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; fields?: Record<string, string> }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => toApiError(caught), // as the route wrapper answers it (a ZodError is 422 `invalid`)
  );
  expect(error).toBeInstanceOf(ApiError);
  return { code: error!.code, fields: error!.fields };
}

describe("webhook endpoints", () => {
  it("refuse addresses that are not public https, with a field error", async () => {
    const add = (url: string) => createEndpoint(ownerId, workspaceId, { url, eventTypes: ["month.approved"] });
    expect(await refusal(add("http://93.184.216.34/hooks"))).toEqual({ code: "invalid", fields: { url: "httpsOnly" } });
    for (const url of [
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://localhost/x",
      "https://169.254.169.254/latest",
      "https://[::ffff:10.0.0.1]/x",
      "https://db.internal/x",
    ])
      expect(await refusal(add(url)), url).toEqual({ code: "invalid", fields: { url: "notPublic" } });
    expect(await refusal(add("ftp://example.com/x"))).toMatchObject({ code: "invalid", fields: { url: "invalidUrl" } });
    expect(
      await refusal(createEndpoint(ownerId, workspaceId, { url: "https://93.184.216.34/x", eventTypes: [] })),
    ).toMatchObject({
      code: "invalid",
      fields: { eventTypes: "chooseEvent" },
    });
    expect(await db.webhookEndpoint.count({ where: { workspaceId } })).toBe(0);
  });

  it("are the owners' alone: 403 for a member without the role, 404 for anyone else", async () => {
    expect([...MANAGING_ROLES]).toEqual(rolesFor("workspace.manage"));
    const input = { url: "https://93.184.216.34/hooks", eventTypes: ["month.approved" as const] };
    expect(await refusal(createEndpoint(clerkId, workspaceId, input))).toMatchObject({ code: "forbidden" });
    expect(await refusal(listEndpoints(strangerId, workspaceId))).toMatchObject({ code: "not_found" });
    const { endpoint } = await createEndpoint(ownerId, workspaceId, input);
    for (const call of [
      () => revealSecret(clerkId, workspaceId, endpoint.id),
      () => rotateSecret(clerkId, workspaceId, endpoint.id),
      () => updateEndpoint(clerkId, workspaceId, endpoint.id, { enabled: false }),
      () => deleteEndpoint(clerkId, workspaceId, endpoint.id),
      () => listDeliveries(clerkId, workspaceId, endpoint.id),
    ])
      expect(await refusal(call())).toMatchObject({ code: "forbidden" });
    expect(await refusal(revealSecret(strangerId, workspaceId, endpoint.id))).toMatchObject({ code: "not_found" });
    // Another workspace's id with this endpoint: nothing.
    const other = (
      await db.workspace.create({ data: { name: "Other", members: { create: { userId: ownerId, roles: ["owner"] } } } })
    ).id;
    expect(await refusal(revealSecret(ownerId, other, endpoint.id))).toMatchObject({ code: "not_found" });
    await deleteEndpoint(ownerId, workspaceId, endpoint.id);
  });

  it("keep the secret sealed, show it on demand, rotate it, and audit each change without it", async () => {
    const { endpoint, secret } = await createEndpoint(ownerId, workspaceId, {
      url: "https://93.184.216.34/hooks",
      description: "Practice software",
      eventTypes: ["member.joined", "month.approved"],
    });
    expect(endpoint).toMatchObject({
      enabled: true,
      eventTypes: ["month.approved", "member.joined"],
      previousSecretUntil: null,
    });
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secretEncrypted).toMatch(/^v1\./);
    expect(stored.secretEncrypted).not.toContain(secret.slice(6, 20));
    expect(await revealSecret(ownerId, workspaceId, endpoint.id)).toBe(secret);
    const fresh = await rotateSecret(ownerId, workspaceId, endpoint.id);
    expect(fresh).not.toBe(secret);
    expect(await revealSecret(ownerId, workspaceId, endpoint.id)).toBe(fresh);
    const listed = (await listEndpoints(ownerId, workspaceId)).find((one) => one.id === endpoint.id);
    expect(Date.parse(listed!.previousSecretUntil!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await updateEndpoint(ownerId, workspaceId, endpoint.id, { enabled: false, description: "Paused for now" });
    await deleteEndpoint(ownerId, workspaceId, endpoint.id);
    const entries = await db.auditEntry.findMany({
      where: { workspaceId, subjectId: endpoint.id },
      orderBy: { occurredAt: "asc" },
      select: { kind: true, actorName: true, details: true },
    });
    expect(entries.map((entry) => entry.kind)).toEqual([
      "webhook.added",
      "webhook.secret_rotated",
      "webhook.changed",
      "webhook.removed",
    ]);
    expect(entries[2]!.details).toMatchObject({
      changes: { enabled: [true, false], description: ["Practice software", "Paused for now"] },
    });
    expect(JSON.stringify(entries)).not.toContain(secret.slice(6));
    expect(JSON.stringify(entries)).not.toContain(fresh.slice(6));
    expect(await db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
  });
});
