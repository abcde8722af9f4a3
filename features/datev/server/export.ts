import "server-only";
import { createHash } from "node:crypto";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { ENTRY_KINDS } from "@/features/payroll/entries/kinds";
import { auditMonthStep, type MonthActor } from "@/features/month-close/server/audit";
import { recordExport } from "@/features/records/server/access-log/record";
import { where } from "@/features/month-close/server/views";
import { approvedContent } from "./approved-lines";
import { storeExportRows } from "./store-export";
import { companyDatevSettings, personnelNumbers } from "./settings";
import { makeDatevFile, type EarlierExport, type MadeFile } from "../export/make-file";
import type { PlanInput } from "../export/plan";
import { encodeWindows1252 } from "../lodas/windows-1252";
import { lugDescriptionFileName, lugDescriptionText } from "../lug/description";
import type { DatevProgram, MonthTarget } from "../settings/schemas";
import type { CompanyDatevSettings } from "../settings/stored";
import type { MonthState } from "@/features/payroll/month-lock/states";

/**
 * A month's export for DATEV: the file made from the approved content, stored with its SHA-256,
 * recorded in the transfer history (a row per kind, target `datev`) and the audit trail, and the
 * month marked Transferred with target `datev`, all in one transaction under the month's row lock.
 * No re-read is scheduled and nothing is sent: the firm imports the file (docs/datev.md).
 */

export interface ExportRequest {
  actor: MonthActor;
  connectionId: string;
  client: PayrollClient;
  company: CompanyRecord;
  period: string;
}

/** The latest export of the month, if any (a new one after it is a correction). */
export async function latestExport(connectionId: string, companyId: number, period: string) {
  return getDb().datevExport.findFirst({
    where: { connectionId, companyId, period },
    orderBy: { createdAt: "desc" },
  });
}

/**
 * What the caller has read of the month just before (a bulk export's item: ../bulk/server/item.ts),
 * so it is not read again: the company's settings, and the month's state.
 */
export interface KnownBefore {
  settings?: CompanyDatevSettings;
  monthState?: MonthState;
}

/** What the preview and the export both read: the plan's input for the month. */
export async function planInput(
  request: Omit<ExportRequest, "actor"> & { workspaceId: string },
  known: KnownBefore = {},
): Promise<PlanInput & { program: DatevProgram; target: MonthTarget; sealedMonthId: string | null }> {
  const { connectionId, company, period } = request;
  const [settings, numbers, employees, content] = await Promise.all([
    known.settings ?? companyDatevSettings(request.workspaceId, connectionId, company.id),
    personnelNumbers(connectionId, company.id),
    request.client.listEmployees(company.id),
    approvedContent({ connectionId, companyId: company.id, period }, known.monthState),
  ]);
  return {
    period,
    consultantNumber: settings.consultantNumber ?? 0,
    clientNumber: settings.clientNumber ?? 0,
    wageTypes: settings.wageTypes,
    program: settings.program,
    target: settings.target,
    // The service has no personnel number of its own: its employee id is the default.
    employees: employees.map((employee) => ({
      id: employee.id,
      name: `${employee.first_name} ${employee.last_name}`.trim(),
      personnelNumber: numbers.get(employee.id) ?? employee.id,
    })),
    lines: content.lines,
    sealedMonthId: content.sealedMonthId,
  };
}

/** The month's row as the export locks it. */
interface LockedMonth {
  id: string;
  connectionId: string;
  state: string;
  round: number;
  submittedById: string | null;
  approvedById: string | null;
  earlierAt: Date | null;
  earlierSha256: string | null;
  /** The month's latest sealed version now, under the lock. */
  latestSealedId: string | null;
}

function approvedOrRefused<Row extends { state: string }>(month: Row | null): Row {
  if (!month || month.state !== "approved")
    throw new ApiError("month_state", "Only an approved month can be exported for DATEV.", {
      extra: { state: month?.state ?? "open" },
    });
  return month;
}

/** Refuses (409) a month that is not Approved, before anything is asked of the person or the service. */
export async function requireApproved(key: { connectionId: string; companyId: number; period: string }) {
  approvedOrRefused(await getDb().monthClose.findUnique({ where: where(key), select: { state: true } }));
}

function refuseUnlessDatev(target: string) {
  if (target !== "datev")
    throw new ApiError("month_state", "This company's months go to the payroll service: use Transfer.", {
      extra: { target },
    });
}

export async function exportForDatev(request: ExportRequest, known: KnownBefore = {}) {
  const { actor, connectionId, company, period } = request;
  const input = await planInput({ ...request, workspaceId: actor.workspaceId }, known);
  refuseUnlessDatev(input.target);
  return getDb().$transaction(async (tx) => {
    // The month's row, locked, and the month's latest export before this one (a new one is a
    // correction), in one statement. Another export of the month, committed while this one waited
    // for the lock, left the month Transferred: refused below, so no later export is missed here.
    const [locked = null] = await tx.$queryRaw<LockedMonth[]>`
      SELECT m.id::text, m.connection_id::text AS "connectionId", m.state::text, m.round,
             m.submitted_by_id::text AS "submittedById", m.approved_by_id::text AS "approvedById",
             e.created_at AS "earlierAt", e.sha256 AS "earlierSha256", s.id::text AS "latestSealedId"
        FROM month_closes m
        LEFT JOIN LATERAL (
          SELECT d.created_at, d.sha256 FROM datev_exports d
           WHERE d.connection_id = m.connection_id AND d.company_id = m.company_id AND d.period = m.period
           ORDER BY d.created_at DESC LIMIT 1
        ) e ON true
        LEFT JOIN LATERAL (
          SELECT v.id FROM sealed_months v
           WHERE v.connection_id = m.connection_id AND v.company_id = m.company_id AND v.period = m.period
           ORDER BY v.version DESC LIMIT 1
        ) s ON true
       WHERE m.connection_id = ${connectionId}::uuid AND m.company_id = ${company.id} AND m.period = ${period}
         FOR UPDATE OF m`;
    const month = approvedOrRefused(locked);
    // Reopened and approved again between the read of its content and this lock: that content is not the month's.
    if (month.latestSealedId !== input.sealedMonthId)
      throw new ApiError("conflict", "The month was approved again while it was being exported: export it again.");
    const earlier: EarlierExport | null =
      month.earlierAt && month.earlierSha256 ? { createdAt: month.earlierAt, sha256: month.earlierSha256 } : null;
    const made: MadeFile = makeDatevFile({ ...input, round: month.round, earlier });
    if (!made.ok)
      throw new ApiError("invalid", "DATEV's trial run would refuse this month: nothing was exported.", {
        extra: { problems: made.problems },
      });
    const at = now();
    const employeeIds = [...new Set(ENTRY_KINDS.flatMap((kind) => input.lines[kind].map((line) => line.employee_id)))];
    const stored = await storeExportRows(tx, {
      monthId: month.id,
      connectionId,
      companyId: company.id,
      period,
      round: month.round,
      program: input.program,
      file: {
        fileName: made.fileName,
        bytes: new Uint8Array(made.bytes),
        sha256: made.sha256,
        correction: made.correction,
        lineCount: made.records.length,
      },
      lines: input.lines,
      sealedMonthId: input.sealedMonthId,
      employeeIds,
      user: { userId: actor.userId, userName: actor.name },
      at,
    });
    // The file is a copy of pay data leaving the system: logged before it is handed out (issue #38 §4).
    const exported = { workspaceId: actor.workspaceId, actorId: actor.userId, kind: "datev_export" as const };
    await recordExport({ ...exported, companyId: company.id, period, employeeIds }, tx);
    const details = {
      exportId: stored.exportId,
      round: month.round,
      program: input.program,
      fileName: made.fileName,
      sha256: made.sha256,
      lineCount: made.records.length,
      correction: made.correction,
    };
    await auditMonthStep(tx, {
      kind: "month_close.step",
      actor,
      companyId: company.id,
      period,
      action: "transfer_result",
      from: "approved",
      to: "transferred",
      round: month.round,
      details: { target: "datev", fileName: made.fileName, sha256: made.sha256, correction: made.correction },
      month,
      companyName: company.name1,
      alongside: [{ kind: "month_close.datev_export", companyId: company.id, period, details }],
    });
    return { ...details, state: "transferred" as const };
  });
}

/** The stored file of the month's latest export, byte for byte; 409 when none was made. */
export async function storedExport(connectionId: string, companyId: number, period: string) {
  const row = await latestExport(connectionId, companyId, period);
  if (!row) throw new ApiError("conflict", "This month has not been exported for DATEV.");
  return row;
}

/** The format description shipped with a Lohn und Gehalt export (the same bytes for a layout version); 409 for LODAS. */
export function lugDescriptionOf(stored: { program: string; fileName: string }) {
  if (stored.program !== "lug")
    throw new ApiError("conflict", "This month was exported for LODAS: its file needs no format description.");
  const [consultant = "0", client = "0"] = stored.fileName.split("_");
  const content = encodeWindows1252(lugDescriptionText());
  return {
    content,
    fileName: lugDescriptionFileName(Number(consultant), Number(client)),
    sha256: createHash("sha256").update(content).digest("hex"),
  };
}
