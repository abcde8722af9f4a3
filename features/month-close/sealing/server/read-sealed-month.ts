import "server-only";
import { getDb, queryPrepared } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { canonicalHash } from "../canonical";
import { monthSnapshotSchema, type MonthSnapshot } from "../snapshot";

/**
 * Reading a month's sealed content: what the Transfer sends and compares with, and what other
 * features (an export) read as the month's approved content. Never the drafts: a sealed version is
 * exactly what was approved (docs/adr/0261-transfer-the-sealed-version.md).
 */

export interface SealedMonthRead {
  id: string;
  version: number;
  /** Hex SHA-256 of the canonical form of `content`, as stored at sealing. */
  hash: string;
  /** Whether `content` still hashes to `hash` (it cannot change: the table is append-only; checked anyway). */
  intact: boolean;
  sealedAt: Date;
  sealedById: string | null;
  sealedAtMigration: boolean;
  content: MonthSnapshot;
}

type Db = Prisma.TransactionClient | ReturnType<typeof getDb>;

const SELECT = {
  id: true,
  version: true,
  hash: true,
  sealedAt: true,
  sealedById: true,
  sealedAtMigration: true,
  content: true,
} as const;

function checked<Row extends { id: string; hash: string; content: unknown }>(
  row: Row,
): Omit<Row, "content"> & { intact: boolean; content: MonthSnapshot } {
  const content = monthSnapshotSchema.safeParse(row.content);
  // Only the app writes this append-only table, in this format: anything else is a fault to report, not to send.
  if (!content.success) throw new Error(`The sealed month ${row.id} does not hold a snapshot this version can read.`);
  return { ...row, intact: canonicalHash(row.content) === row.hash, content: content.data };
}

function toRead(row: Prisma.SealedMonthGetPayload<{ select: typeof SELECT }>): SealedMonthRead {
  return checked(row);
}

/**
 * The month's latest sealed version (or the `version` asked for); null when the month was never
 * approved. The connection must be one the caller may reach: this reads by it, it does not authorize.
 */
export async function readSealedMonth(
  key: MonthKey,
  options: { version?: number; db?: Db } = {},
): Promise<SealedMonthRead | null> {
  const row = await (options.db ?? getDb()).sealedMonth.findFirst({
    where: {
      connectionId: key.connectionId,
      companyId: key.companyId,
      period: key.period,
      ...(options.version ? { version: options.version } : {}),
    },
    orderBy: { version: "desc" },
    select: SELECT,
  });
  return row ? toRead(row) : null;
}

/**
 * The month's latest sealed content alone, checked as `readSealedMonth` checks it, in one prepared
 * statement on the pool: for an export of many months (features/datev's bulk export), where
 * Prisma's own work per query costs several times the read itself.
 */
const LATEST_CONTENT = {
  name: "sealed_months_latest_content",
  text: `SELECT id::text, version, hash, content FROM sealed_months
          WHERE connection_id = $1::uuid AND company_id = $2 AND period = $3
          ORDER BY version DESC LIMIT 1`,
};

export async function readLatestSealedContent(
  key: MonthKey,
): Promise<Pick<SealedMonthRead, "id" | "version" | "hash" | "intact" | "content"> | null> {
  const [row] = await queryPrepared<{ id: string; version: number; hash: string; content: unknown }>(LATEST_CONTENT, [
    key.connectionId,
    key.companyId,
    key.period,
  ]);
  return row ? checked(row) : null;
}

/** Every sealed version of a company's months, newest month first, each month's versions newest first. */
export async function readSealedVersions(connectionId: string, companyId: number): Promise<SealedMonthRead[]> {
  const rows = await getDb().sealedMonth.findMany({
    where: { connectionId, companyId },
    orderBy: [{ period: "desc" }, { version: "desc" }],
    select: SELECT,
  });
  return rows.map(toRead);
}
