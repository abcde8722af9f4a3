import "server-only";
import { randomUUID } from "node:crypto";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { isWebhookEventType } from "../event-types";
import {
  createEndpointSchema,
  updateEndpointSchema,
  type CreateEndpointInput,
  type EndpointView,
  type UpdateEndpointInput,
} from "../schemas";
import { recordWebhookAudit } from "./audit";
import { openEndpointSecret, PREVIOUS_SECRET_MS, sealEndpointSecret } from "./endpoint-secrets";
import { newWebhookSecret } from "./signing";
import { checkEndpointUrl } from "./url-check";

/**
 * A workspace's webhook endpoints, for its owners: the role is part of every query's `where`; a
 * query that finds nothing is refused with 403 for a member without it and 404 for anyone else.
 */

/**
 * The roles that manage a workspace: `workspace.manage` of features/workspaces/permissions.ts, which
 * this layer (below the workspaces feature) does not import; ./endpoints.test.ts holds the two equal.
 */
export const MANAGING_ROLES = ["owner"] as const;

function managedBy(userId: string): Prisma.WorkspaceWhereInput {
  return { members: { some: { userId, roles: { hasSome: [...MANAGING_ROLES] } } } };
}

const VIEW_SELECT = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  createdAt: true,
  previousSecretEncrypted: true,
  previousSecretExpiresAt: true,
} satisfies Prisma.WebhookEndpointSelect;

type ViewRow = Prisma.WebhookEndpointGetPayload<{ select: typeof VIEW_SELECT }>;

function viewOf(row: ViewRow): EndpointView {
  const until = row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.filter(isWebhookEventType),
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    previousSecretUntil: until ? row.previousSecretExpiresAt!.toISOString() : null,
  };
}

/** The endpoint as its owner may reach it: `where` of every query about one. */
export function ownedEndpoint(
  actorId: string,
  workspaceId: string,
  endpointId: string,
): Prisma.WebhookEndpointWhereInput {
  return { id: endpointId, workspaceId, workspace: managedBy(actorId) };
}

/**
 * Why a query found nothing: 403 for a member whose roles do not manage the workspace, else 404
 * (a non-member learns nothing, and an owner asked for an endpoint the workspace does not have).
 */
export async function refuse(actorId: string, workspaceId: string): Promise<ApiError> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: actorId } },
    select: { roles: true },
  });
  return member && !member.roles.some((role) => (MANAGING_ROLES as readonly string[]).includes(role))
    ? new ApiError("forbidden", "That needs the owner role of this workspace.")
    : new ApiError("not_found");
}

async function requireOwner(actorId: string, workspaceId: string): Promise<void> {
  const workspace = await getDb().workspace.findFirst({
    where: { id: workspaceId, AND: [managedBy(actorId)] },
    select: { id: true },
  });
  if (!workspace) throw await refuse(actorId, workspaceId);
}

export async function listEndpoints(actorId: string, workspaceId: string): Promise<EndpointView[]> {
  const workspace = await getDb().workspace.findFirst({
    where: { id: workspaceId, AND: [managedBy(actorId)] },
    select: { webhookEndpoints: { select: VIEW_SELECT, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!workspace) throw await refuse(actorId, workspaceId);
  return workspace.webhookEndpoints.map(viewOf);
}

/** A new endpoint with a new secret, shown in the answer (and later on demand). */
export async function createEndpoint(
  actorId: string,
  workspaceId: string,
  input: CreateEndpointInput,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const { url, description, eventTypes } = createEndpointSchema.parse(input);
  // Who asks is checked before the address is resolved: nobody else learns what a name resolves to.
  await requireOwner(actorId, workspaceId);
  await checkEndpointUrl(url);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const row = await getDb().$transaction(async (tx) => {
    const workspace = await tx.workspace.findFirst({
      where: { id: workspaceId, AND: [managedBy(actorId)] },
      select: { id: true },
    });
    if (!workspace) return null;
    const created = await tx.webhookEndpoint.create({
      data: {
        id,
        workspaceId,
        url,
        description,
        eventTypes,
        secretEncrypted: sealEndpointSecret(id, "secret_encrypted", secret),
        createdById: actorId,
      },
      select: VIEW_SELECT,
    });
    await recordWebhookAudit(tx, "webhook.added", workspaceId, actorId, created, { eventTypes });
    return created;
  });
  if (!row) throw await refuse(actorId, workspaceId);
  return { endpoint: viewOf(row), secret };
}

export async function updateEndpoint(
  actorId: string,
  workspaceId: string,
  endpointId: string,
  input: UpdateEndpointInput,
): Promise<EndpointView> {
  const change = updateEndpointSchema.parse(input);
  if (change.url !== undefined) {
    await requireOwner(actorId, workspaceId);
    await checkEndpointUrl(change.url);
  }
  const row = await getDb().$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findFirst({
      where: ownedEndpoint(actorId, workspaceId, endpointId),
      select: VIEW_SELECT,
    });
    if (!before) return null;
    const after = await tx.webhookEndpoint.update({ where: { id: endpointId }, data: change, select: VIEW_SELECT });
    const changes: Record<string, [unknown, unknown]> = {};
    for (const key of ["url", "description", "eventTypes", "enabled"] as const)
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
    if (Object.keys(changes).length > 0)
      await recordWebhookAudit(tx, "webhook.changed", workspaceId, actorId, after, { changes });
    return after;
  });
  if (!row) throw await refuse(actorId, workspaceId);
  return viewOf(row);
}

/** Removes the endpoint and its delivery log; pending deliveries to it are not sent. */
export async function deleteEndpoint(actorId: string, workspaceId: string, endpointId: string): Promise<void> {
  const removed = await getDb().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: ownedEndpoint(actorId, workspaceId, endpointId),
      select: VIEW_SELECT,
    });
    if (!row) return false;
    await tx.webhookEndpoint.delete({ where: { id: endpointId } });
    await recordWebhookAudit(tx, "webhook.removed", workspaceId, actorId, row);
    return true;
  });
  if (!removed) throw await refuse(actorId, workspaceId);
}

/** The current secret, for its owner to copy into the receiving tool. */
export async function revealSecret(actorId: string, workspaceId: string, endpointId: string): Promise<string> {
  const row = await getDb().webhookEndpoint.findFirst({
    where: ownedEndpoint(actorId, workspaceId, endpointId),
    select: { secretEncrypted: true },
  });
  if (!row) throw await refuse(actorId, workspaceId);
  return openEndpointSecret(endpointId, "secret_encrypted", row.secretEncrypted);
}

/**
 * A new secret that signs from now on; the one it replaces signs beside it for 24 hours, so the
 * receiving tool can be switched over without losing a delivery. Answers the new secret.
 */
export async function rotateSecret(actorId: string, workspaceId: string, endpointId: string): Promise<string> {
  const secret = newWebhookSecret();
  const done = await getDb().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.findFirst({
      where: ownedEndpoint(actorId, workspaceId, endpointId),
      select: { ...VIEW_SELECT, secretEncrypted: true },
    });
    if (!row) return false;
    const previous = openEndpointSecret(endpointId, "secret_encrypted", row.secretEncrypted);
    await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        secretEncrypted: sealEndpointSecret(endpointId, "secret_encrypted", secret),
        previousSecretEncrypted: sealEndpointSecret(endpointId, "previous_secret_encrypted", previous),
        previousSecretExpiresAt: new Date(now().getTime() + PREVIOUS_SECRET_MS),
      },
    });
    await recordWebhookAudit(tx, "webhook.secret_rotated", workspaceId, actorId, row);
    return true;
  });
  if (!done) throw await refuse(actorId, workspaceId);
  return secret;
}
