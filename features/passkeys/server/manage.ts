import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { PasskeyView } from "../schemas";
import { recordPasskeyChange } from "./passkey-audit";

/** One's own passkeys: every query names the person, so another's passkey is not found. */

export async function listPasskeys(userId: string): Promise<PasskeyView[]> {
  const rows = await getDb().passkey.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
  return rows.map(toView);
}

export function toView(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function ownPasskey(userId: string, passkeyId: string) {
  const passkey = await getDb().passkey.findFirst({
    where: { id: passkeyId, userId },
    select: { id: true, name: true },
  });
  if (!passkey) throw new ApiError("not_found", "You have no passkey with this id.");
  return passkey;
}

export async function renamePasskey(userId: string, passkeyId: string, name: string): Promise<PasskeyView> {
  const before = await ownPasskey(userId, passkeyId);
  const row = await getDb().passkey.update({
    where: { id: before.id },
    data: { name },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
  if (before.name !== name)
    await recordPasskeyChange(userId, { kind: "passkey.renamed", passkeyId, name, from: before.name });
  return toView(row);
}

export async function removePasskey(userId: string, passkeyId: string): Promise<void> {
  const passkey = await ownPasskey(userId, passkeyId);
  await getDb().passkey.delete({ where: { id: passkey.id } });
  await recordPasskeyChange(userId, { kind: "passkey.removed", passkeyId, name: passkey.name });
}
