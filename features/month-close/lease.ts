/**
 * A Transfer's lease on its month (month_closes.transfer_lease_id and friends): the process that
 * sends holds it and renews its heartbeat every HEARTBEAT_MS; a heartbeat older than STALE_MS means
 * that process ended (kill -9, crash, restart), and the lease belongs to nobody: the month may be
 * checked or sent again. Times come from lib/clock, so tests move them instead of waiting.
 */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

export interface LeaseFields {
  transferLeaseId: string | null;
  transferStartedAt: Date | null;
  transferHeartbeatAt: Date | null;
}

export type LeaseStatus = "none" | "live" | "stale";

export function leaseStatus(row: LeaseFields, nowMs: number): LeaseStatus {
  if (!row.transferLeaseId && !row.transferStartedAt) return "none";
  const beat = (row.transferHeartbeatAt ?? row.transferStartedAt)?.getTime() ?? 0;
  return nowMs - beat <= STALE_MS ? "live" : "stale";
}

/** From when a lease whose heartbeat stops now may be taken as dead. */
export function checkableFrom(row: LeaseFields): Date {
  return new Date(((row.transferHeartbeatAt ?? row.transferStartedAt)?.getTime() ?? 0) + STALE_MS + 1_000);
}

/** The lease's columns cleared (the Transfer ended, or its dead holder's lease was taken over). */
export const NO_LEASE = {
  transferLeaseId: null,
  transferStartedAt: null,
  transferHeartbeatAt: null,
  transferStartedByName: null,
} as const;
