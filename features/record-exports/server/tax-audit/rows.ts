import type { StoredLine } from "@/features/payroll/entries/kinds";

/** The rows of an export for a tax audit as ./read.ts reads them and ./tables.ts writes them. */

export interface SealedVersionRow {
  id: string;
  companyId: number;
  period: string;
  version: number;
  hash: string;
  intact: boolean;
  sealedAt: Date;
  sealedById: string | null;
  sealedAtMigration: boolean;
  fourEyes: boolean | null;
  approvedById: string | null;
}

export interface SealedLineRow {
  versionId: string;
  kind: string;
  position: number;
  line: StoredLine;
}

export interface TransferRow {
  id: string;
  period: string;
  kind: string;
  target: string;
  sealedMonthId: string | null;
  userId: string;
  userName: string;
  outcome: string;
  lineCount: number;
  totalCents: string;
  errorCode: string | null;
  createdAt: Date;
}

export interface AuditRow {
  id: string;
  seq: bigint | null;
  occurredAt: Date;
  kind: string;
  actorId: string | null;
  actorName: string | null;
  companyId: number | null;
  period: string | null;
  subjectId: string | null;
  details: unknown;
  prevHash: string | null;
  hash: string | null;
}

export interface AccessRow {
  id: string;
  occurredAt: Date;
  actorId: string;
  kind: string;
  companyId: number | null;
  period: string | null;
  employeeIds: number[];
}
