import "server-only";
import { getDb } from "@/lib/db/client";

/**
 * An import's lease: only its holder works on the import. The holder renews it while it works
 * (see runImport's heartbeat); a lease not renewed for LEASE_MS lets another worker take over.
 */

export const LEASE_MS = 15_000;

/** Takes the import's lease when it is running and nobody holds a live lease; null otherwise. */
export async function claim(
  importId: string,
  owner: string,
): Promise<{ connectionId: string; companyId: number } | null> {
  const rows = await getDb().$queryRaw<{ connection_id: string; company_id: number }[]>`
    UPDATE payroll_imports SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now(),
      started_at = COALESCE(started_at, now())
    WHERE id = ${importId}::uuid AND status = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})
    RETURNING connection_id, company_id`;
  const row = rows[0];
  return row ? { connectionId: row.connection_id, companyId: row.company_id } : null;
}

/** Renews the lease; false when it was lost or the import was paused or cancelled. */
export async function renew(importId: string, owner: string): Promise<boolean> {
  const count = await getDb().$executeRaw`
    UPDATE payroll_imports SET lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
    WHERE id = ${importId}::uuid AND lease_owner = ${owner} AND status = 'running'`;
  return count === 1;
}

export async function release(
  importId: string,
  owner: string,
  patch: { status?: "completed" | "paused"; lastError?: string } = {},
): Promise<void> {
  await getDb().payrollImport.updateMany({
    where: { id: importId, leaseOwner: owner },
    data: {
      leaseOwner: null,
      leaseUntil: null,
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.status === "completed" ? { finishedAt: new Date() } : {}),
      ...(patch.lastError !== undefined ? { lastError: patch.lastError } : {}),
    },
  });
}
