import "server-only";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { KeyRing } from "./key-ring";
import { decryptSecret, encryptSecret, keyIdOf } from "./secret-box";
import { SECRET_COLUMNS } from "./secret-fields";

export interface ReencryptReport {
  reencrypted: number;
  alreadyCurrent: number;
  /** Values no configured key opens (tampered, or their key was removed): left as they are. */
  failed: { table: string; column: string; rowId: string; reason: string }[];
}

const BATCH = 500;

/**
 * Moves every stored secret to the newest key. Each row is updated only if its
 * value is unchanged since it was read, so a token renewed meanwhile is kept.
 * Identifiers come from SECRET_COLUMNS, never from input.
 */
export async function reencryptAllSecrets(db: PrismaClient, ring: KeyRing): Promise<ReencryptReport> {
  const report: ReencryptReport = { reencrypted: 0, alreadyCurrent: 0, failed: [] };
  for (const { table, column } of SECRET_COLUMNS) {
    let afterId = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = await db.$queryRawUnsafe<{ id: string; value: string }[]>(
        `SELECT id::text AS id, "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL AND id > $1::uuid ORDER BY id LIMIT ${BATCH}`,
        afterId,
      );
      for (const row of rows) {
        if (keyIdOf(row.value) === ring.current.id) {
          report.alreadyCurrent += 1;
          continue;
        }
        const context = { table, rowId: row.id, column };
        let fresh: string;
        try {
          fresh = encryptSecret(decryptSecret(row.value, context, ring), context, ring);
        } catch (error) {
          report.failed.push({ table, column, rowId: row.id, reason: (error as Error).message });
          continue;
        }
        report.reencrypted += await db.$executeRawUnsafe(
          `UPDATE "${table}" SET "${column}" = $1 WHERE id = $2::uuid AND "${column}" = $3`,
          fresh,
          row.id,
          row.value,
        );
      }
      if (rows.length < BATCH) break;
      afterId = rows[rows.length - 1]!.id;
    }
  }
  return report;
}
