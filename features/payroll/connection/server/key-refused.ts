import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { detached } from "@/lib/server/detached";
import { emitEvent } from "@/lib/events/server/emit";
import { log } from "@/lib/log/logger";

/**
 * The payroll service refused a stored connection's key: the connection needs its owners'
 * attention (a new key). Marked once (`key_refused_at`, cleared when a key is given again), so the
 * owners are told once however many calls fail; the event is emitted in the marking's
 * transaction. Runs beside the failing call, which fails as it would anyway.
 */
export function keyRefused(connectionId: string): void {
  detached(() => {
    markKeyRefused(connectionId).catch((error: Error) =>
      log.error({ err: error, connectionId }, "payroll: key refusal not recorded"),
    );
  });
}

export async function markKeyRefused(connectionId: string): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const at = now();
    const [marked] = await tx.$queryRaw<{ workspace_id: string }[]>`
      UPDATE payroll_connections SET key_refused_at = ${at}
      WHERE id = ${connectionId}::uuid AND key_refused_at IS NULL AND api_key_encrypted IS NOT NULL
      RETURNING workspace_id::text`;
    if (!marked) return false;
    await emitEvent(tx, {
      type: "connection.attention",
      workspaceId: marked.workspace_id,
      occurredAt: at.toISOString(),
      actor: { id: null, name: null },
      connectionKind: "payroll",
      connectionId,
      reason: "key_refused",
    });
    return true;
  });
}
