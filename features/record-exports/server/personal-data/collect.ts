import "server-only";
import { getDb } from "@/lib/db/client";
import { ACTOR_JOINS, actorNameSql, ERASED_STAFF_LABEL } from "@/lib/audit/server/people";
import type { MonthSnapshot } from "@/features/month-close/sealing/snapshot";
import { ENTRY_KINDS, type StoredLine } from "@/features/payroll/entries/kinds";

/**
 * Everything Ledgerlane holds about one employee of a company (Art. 15 GDPR, issue #38 §5): their
 * lines in the drafts, in the transfers and in the sealed versions, the sealed checks' findings
 * about them, the audit trail's entries naming them (by id anywhere in an entry's details), the
 * access log's rows that showed them, their settings and import rows, and their erasure status.
 * The payroll service's own record is added by the caller when the service answers.
 */

export interface PersonalLine {
  source: "draft" | "transfer" | "sealed";
  period: string;
  kind: string;
  /** The transfer's or sealed version's id; null for a draft line. */
  recordId: string | null;
  at: Date | null;
  line: StoredLine;
}

export interface PersonalData {
  employeeId: number;
  companyId: number;
  lines: PersonalLine[];
  sealed: {
    id: string;
    period: string;
    version: number;
    hash: string;
    sealedAt: Date;
    lines: StoredLine[];
    findings: object[];
  }[];
  audit: {
    id: string;
    occurredAt: Date;
    kind: string;
    actorName: string | null;
    period: string | null;
    details: unknown;
  }[];
  access: { id: string; occurredAt: Date; actorId: string; kind: string; period: string | null }[];
  settings: { checks: object | null; datev: object | null };
  imports: { importId: string; rowNumber: number; state: string; payload: unknown; createdAt: Date }[];
  /** Whether an erasure was requested (features/records/erasure): when, its state, and from when it may be erased. */
  erasure:
    | { requested: false }
    | { requested: true; requestedAt: Date; state: string; eraseAfter: string | null; erasedAt: Date | null };
}

/** An export's content: what is held, the service's record, and who exported it when. */
export interface PersonalDataExport extends PersonalData {
  /** The payroll service's record of the employee as it answered at the export (null: it did not). */
  service: unknown;
  exportedAt: Date;
  workspace: string;
  company: string;
}

interface TransferLineRow {
  id: string;
  period: string;
  kind: string;
  createdAt: Date;
  line: StoredLine;
}

const mentions = (finding: object, employeeId: number) =>
  String((finding as { employeeId?: unknown }).employeeId) === String(employeeId);

export async function collectPersonalData(
  scope: { workspaceId: string; connectionId: string; companyId: number },
  employeeId: number,
): Promise<PersonalData> {
  const db = getDb();
  const { workspaceId, connectionId, companyId } = scope;
  const [drafts, transfers, sealed, audit, access, checks, datev, imports, erasure] = await Promise.all([
    db.payrollEntryDraftLine.findMany({
      where: { connectionId, companyId, employeeId, deleted: false },
      orderBy: [{ period: "asc" }, { kind: "asc" }, { position: "asc" }],
      include: { draft: { select: { updatedAt: true } } },
    }),
    db.$queryRaw<TransferLineRow[]>`
      SELECT t.id, t.period, t.kind, t.created_at AS "createdAt", line
        FROM payroll_entry_transfers t CROSS JOIN LATERAL jsonb_array_elements(t.lines) AS line
       WHERE t.connection_id = ${connectionId}::uuid AND t.company_id = ${companyId}
         AND jsonb_typeof(t.lines) = 'array' AND line->>'employee_id' = ${String(employeeId)}
       ORDER BY t.created_at, t.id`,
    db.sealedMonth.findMany({
      where: { workspaceId, connectionId, companyId },
      orderBy: [{ period: "asc" }, { version: "asc" }],
    }),
    db.$queryRaw<PersonalData["audit"]>`
      SELECT e.id, e.occurred_at AS "occurredAt", e.kind,
             ${actorNameSql(`${ERASED_STAFF_LABEL.de} / ${ERASED_STAFF_LABEL.en}`)} AS "actorName", e.period, e.details
        FROM audit_entries e ${ACTOR_JOINS}
       WHERE e.workspace_id = ${workspaceId}::uuid AND e.company_id = ${companyId}
         AND jsonb_path_exists(e.details,
               'strict $.** ? (@.employeeId == $id || @.employee_id == $id || @.oldEmployeeId == $id)',
               jsonb_build_object('id', ${employeeId}::int))
       ORDER BY e.occurred_at, e.id`,
    db.accessLogEntry.findMany({
      where: { workspaceId, companyId, employeeIds: { has: employeeId } },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
      select: { id: true, occurredAt: true, actorId: true, kind: true, period: true },
    }),
    db.payrollEmployeeSettings.findUnique({
      where: { connectionId_companyId_employeeId: { connectionId, companyId, employeeId } },
      select: { payCap: true, monthlyHoursLimit: true, updatedAt: true },
    }),
    db.datevEmployeeSettings.findUnique({
      where: { connectionId_companyId_employeeId: { connectionId, companyId, employeeId } },
      select: { personnelNumber: true, updatedAt: true },
    }),
    db.payrollImportRow.findMany({
      where: { employeeId, import: { connectionId, companyId } },
      select: { importId: true, rowNumber: true, state: true, payload: true, import: { select: { createdAt: true } } },
      orderBy: [{ import: { createdAt: "asc" } }, { rowNumber: "asc" }],
    }),
    db.erasureRequest.findUnique({
      where: { connectionId_companyId_employeeId: { connectionId, companyId, employeeId } },
      select: { requestedAt: true, state: true, eraseAfter: true, erasedAt: true },
    }),
  ]);

  const lines: PersonalLine[] = drafts.map((row) => ({
    source: "draft",
    period: row.period,
    kind: row.kind,
    recordId: null,
    at: row.draft.updatedAt,
    line: { id: row.lineId, employee_id: row.employeeId, values: row.values as Record<string, string> },
  }));
  for (const row of transfers)
    lines.push({
      source: "transfer",
      period: row.period,
      kind: row.kind,
      recordId: row.id,
      at: row.createdAt,
      line: row.line,
    });
  const parts: PersonalData["sealed"] = [];
  for (const row of sealed) {
    const content = row.content as unknown as MonthSnapshot;
    const own = ENTRY_KINDS.flatMap((kind) =>
      (content.lines?.[kind] ?? []).filter((line) => line.employee_id === employeeId).map((line) => ({ kind, line })),
    );
    const findings = (content.findings ?? []).filter((finding) => mentions(finding, employeeId));
    if (own.length === 0 && findings.length === 0) continue;
    parts.push({
      id: row.id,
      period: row.period,
      version: row.version,
      hash: row.hash,
      sealedAt: row.sealedAt,
      lines: own.map(({ line }) => line),
      findings: [...findings],
    });
    for (const { kind, line } of own)
      lines.push({ source: "sealed", period: row.period, kind, recordId: row.id, at: row.sealedAt, line });
  }
  return {
    employeeId,
    companyId,
    lines,
    sealed: parts,
    audit,
    access,
    settings: {
      checks: checks ? { ...checks, monthlyHoursLimit: checks.monthlyHoursLimit?.toString() ?? null } : null,
      datev,
    },
    imports: imports.map((row) => ({
      importId: row.importId,
      rowNumber: row.rowNumber,
      state: row.state,
      payload: row.payload,
      createdAt: row.import.createdAt,
    })),
    erasure: erasure
      ? {
          requested: true,
          requestedAt: erasure.requestedAt,
          state: erasure.state,
          eraseAfter: erasure.eraseAfter?.toISOString().slice(0, 10) ?? null,
          erasedAt: erasure.erasedAt,
        }
      : { requested: false },
  };
}

/** Whether anything at all is held (an id neither the service nor any record knows is not the company's). */
export function holdsAnything(data: PersonalData): boolean {
  return (
    data.lines.length + data.sealed.length + data.audit.length + data.access.length + data.imports.length > 0 ||
    data.settings.checks !== null ||
    data.settings.datev !== null
  );
}
