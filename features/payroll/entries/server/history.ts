import "server-only";
import { getDb } from "@/lib/db/client";
import type { EntryKind, StoredLine } from "../kinds";
import { z } from "zod";
import { readStoredJson } from "@/features/payroll/stored-json";
import { storedLineSchema } from "../schemas";

export interface TransferSummary {
  id: string;
  period: string;
  userName: string;
  outcome: "succeeded" | "refused" | "pay_run" | "unknown";
  lineCount: number;
  totalCents: string;
  /** Where the lines went: `payroll_service` or `datev` (a DATEV file, features/datev). */
  target: string;
  /** A DATEV export of a month exported before (after a reopen): it replaces the earlier file. */
  correction?: boolean;
  errorMessage: string | null;
  createdAt: Date;
}

export interface TransferRecord extends TransferSummary {
  lines: StoredLine[];
  /** Stored lines that no longer parse (logged with the transfer's id, left out of `lines`). */
  unreadableLines: number;
}

/** A transfer's stored lines, each parsed on its own: one bad line does not hide the others. */
export function readTransferLines(
  transferId: string,
  stored: unknown,
): { lines: StoredLine[]; unreadableLines: number } {
  const where = `payroll_entry_transfers ${transferId}`;
  if (!Array.isArray(stored)) {
    readStoredJson(z.array(storedLineSchema), stored, where);
    return { lines: [], unreadableLines: 1 };
  }
  const lines: StoredLine[] = [];
  let unreadableLines = 0;
  stored.forEach((line: unknown, index) => {
    const parsed = readStoredJson(storedLineSchema, line, `${where} line ${index}`);
    if (parsed) lines.push(parsed);
    else unreadableLines += 1;
  });
  return { lines, unreadableLines };
}

const SUMMARY = {
  id: true,
  period: true,
  userName: true,
  outcome: true,
  lineCount: true,
  totalCents: true,
  target: true,
  errorMessage: true,
  createdAt: true,
} as const;

/** The connection's transfers of one company and kind, newest first; a DATEV export after an earlier one of its month is a correction. */
export async function listTransfers(
  connectionId: string,
  companyId: number,
  kind: EntryKind,
  take = 100,
): Promise<TransferSummary[]> {
  const where = { connectionId, companyId, kind };
  const [rows, exports] = await Promise.all([
    getDb().payrollEntryTransfer.findMany({ where, orderBy: { createdAt: "desc" }, take, select: SUMMARY }),
    getDb().payrollEntryTransfer.findMany({
      where: { ...where, target: "datev", outcome: "succeeded" },
      select: { period: true, createdAt: true },
    }),
  ]);
  const earlier = (row: TransferSummary) =>
    exports.some((other) => other.period === row.period && other.createdAt < row.createdAt);
  return rows.map((row) =>
    row.target === "datev" && row.outcome === "succeeded" ? { ...row, correction: earlier(row) } : row,
  );
}

/** One transfer, only when it belongs to the connection, company and kind asked for. */
export async function getTransfer(
  connectionId: string,
  companyId: number,
  kind: EntryKind,
  id: string,
): Promise<TransferRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await getDb().payrollEntryTransfer.findFirst({
    where: { id, connectionId, companyId, kind },
    select: { ...SUMMARY, lines: true },
  });
  if (!row) return null;
  return { ...row, ...readTransferLines(row.id, row.lines) };
}

/** The set the service holds since the last successful transfer of the month, if any. */
export async function lastSuccessfulTransfer(
  connectionId: string,
  companyId: number,
  period: string,
  kind: EntryKind,
): Promise<TransferRecord | null> {
  const row = await getDb().payrollEntryTransfer.findFirst({
    where: { connectionId, companyId, period, kind, outcome: "succeeded" },
    orderBy: { createdAt: "desc" },
    select: { ...SUMMARY, lines: true },
  });
  if (!row) return null;
  return { ...row, ...readTransferLines(row.id, row.lines) };
}

/**
 * The newest transfer of the month whose outcome is unknown (no clear answer) and that came after
 * the last successful one: the service may hold its lines instead of the successful one's.
 */
export async function lastUnknownTransfer(
  connectionId: string,
  companyId: number,
  period: string,
  kind: EntryKind,
  after: Date | null,
): Promise<TransferRecord | null> {
  const row = await getDb().payrollEntryTransfer.findFirst({
    where: {
      connectionId,
      companyId,
      period,
      kind,
      outcome: "unknown",
      ...(after ? { createdAt: { gt: after } } : {}),
    },
    orderBy: { createdAt: "desc" },
    select: { ...SUMMARY, lines: true },
  });
  if (!row) return null;
  return { ...row, ...readTransferLines(row.id, row.lines) };
}
