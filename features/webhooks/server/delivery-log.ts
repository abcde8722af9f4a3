import "server-only";
import { getDb } from "@/lib/db/client";
import type { DeliveryView } from "../schemas";
import { ownedEndpoint, refuse } from "./endpoints";

const LOG_SIZE = 50;

/** An endpoint's latest deliveries, newest first: what was sent, how often, and what went wrong last. */
export async function listDeliveries(
  actorId: string,
  workspaceId: string,
  endpointId: string,
): Promise<DeliveryView[]> {
  const endpoint = await getDb().webhookEndpoint.findFirst({
    where: ownedEndpoint(actorId, workspaceId, endpointId),
    select: {
      deliveries: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: LOG_SIZE,
        select: {
          id: true,
          eventType: true,
          status: true,
          attempts: true,
          lastStatusCode: true,
          lastError: true,
          createdAt: true,
          lastAttemptAt: true,
          nextAttemptAt: true,
        },
      },
    },
  });
  if (!endpoint) throw await refuse(actorId, workspaceId);
  return endpoint.deliveries.map((row) => ({
    id: row.id,
    eventType: row.eventType,
    status: row.status === "succeeded" || row.status === "failed" ? row.status : "pending",
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  }));
}
