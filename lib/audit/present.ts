import { formatAmount, formatDate, formatDay, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { CANONICAL_DECIMAL } from "@/lib/money/decimal";
import { typeLabels } from "@/lib/payroll/entries/labels";
import { kindKey, type AuditKind, type DraftLineChange } from "./kinds";

/**
 * An entry as people read it, on the page and in the CSV export: in their language, German
 * time, and cell values as the grid shows them (8,5 and 03.11.2026 in German).
 */

export interface AuditEntryLike {
  occurredAt: Date;
  actorId: string | null;
  actorName: string | null;
  kind: AuditKind;
  companyId: number | null;
  period: string | null;
  details: Record<string, unknown>;
}

/** One old → new change of an entry (a draft's cell, a member's roles). */
export interface AuditChange {
  /** Where: a draft line ("Employee 1001, added line"). */
  where: string;
  field: string;
  old: string;
  new: string;
}

export interface PresentedEntry {
  when: string;
  who: string;
  what: string;
  summary: string;
  changes: AuditChange[];
}

/**
 * Names an entry's numbers stand for, looked up when it is shown (lib/audit/server/names.ts): a company's
 * name beside its number, an employee's beside theirs. Null where none is known: the number alone.
 */
export interface AuditNames {
  /** "Bäckerei Krüger GmbH (1001)". */
  company(companyId: number): string | null;
  /** "Anna Schmidt" for an employee number of a company. */
  employee(companyId: number | null, employeeId: number): string | null;
}

export const NO_NAMES: AuditNames = { company: () => null, employee: () => null };

/** An entry as the page lists it. */
export interface ShownEntry extends PresentedEntry {
  id: string;
  company: string | null;
  period: string | null;
}

/**
 * "30.11.2026 14:05:09 MEZ" (German) or "30/11/2026 14:05:09 CET", in German time with seconds
 * and the zone (MEZ/MESZ, CET/CEST), so an auditor reads the instant without knowing our setting.
 */
export function formatWhen(locale: Locale, at: Date): string {
  return formatDate(locale, at, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).replace(", ", " ");
}

/** The invitation's expiry: to the minute, with its zone. */
function formatUntil(locale: Locale, at: Date): string {
  return formatDate(locale, at, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).replace(", ", " ");
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A draft cell's canonical text as the grid shows it. */
export function cellText(locale: Locale, t: Translate, entryKind: string, field: string, text: string | null): string {
  if (text === null || text === "") return t("audit.empty");
  if (field === "type") return typeLabels(entryKind === "payments" ? "payments" : "hours")[text]?.[locale] ?? text;
  if (CANONICAL_DECIMAL.test(text))
    return numberFormat(locale, { maximumFractionDigits: 6, useGrouping: false }).format(text as Intl.StringNumericLiteral);
  if (ISO_DAY.test(text)) return formatDay(locale, text);
  return text;
}

const str = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
const num = (value: unknown): number => (typeof value === "number" ? value : Number(value) || 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function rolesText(t: Translate, roles: unknown): string {
  return list(roles)
    .map((role) => (t.has(`workspaces.roles.${String(role)}` as never) ? t(`workspaces.roles.${String(role)}` as never) : String(role)))
    .join(", ");
}

function fieldLabel(t: Translate, field: string): string {
  const key = `payrollEntries.columns.${field}` as never;
  return t.has(key) ? t(key) : field;
}

function entryKindLabel(t: Translate, entryKind: unknown): string {
  return t(entryKind === "payments" ? "audit.entryKinds.payments" : "audit.entryKinds.hours");
}

/** "1001 Anna Schmidt", or the number alone when no name is known. */
function employeeText(names: AuditNames, companyId: number | null, employeeId: unknown): string {
  if (employeeId === null || employeeId === undefined || employeeId === "") return "—";
  const name = typeof employeeId === "number" || /^\d+$/.test(String(employeeId)) ? names.employee(companyId, Number(employeeId)) : null;
  return name ? `${String(employeeId)} ${name}` : String(employeeId);
}

function draftChanges(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames): AuditChange[] {
  const details = entry.details;
  const entryKind = str(details.entryKind);
  return (list(details.lines) as DraftLineChange[]).flatMap((line) => {
    const where = t(`audit.line.${line.change}`, { employee: employeeText(names, entry.companyId, line.employeeId) });
    const changes: AuditChange[] = [];
    if (line.oldEmployeeId !== undefined && line.oldEmployeeId !== null) {
      changes.push({
        where,
        field: t("audit.employeeField"),
        old: employeeText(names, entry.companyId, line.oldEmployeeId),
        new: line.employeeId === null ? "" : employeeText(names, entry.companyId, line.employeeId),
      });
    }
    for (const [field, [before, after]] of Object.entries(line.cells ?? {})) {
      changes.push({
        where,
        field: fieldLabel(t, field),
        old: cellText(locale, t, entryKind, field, before),
        new: cellText(locale, t, entryKind, field, after),
      });
    }
    if (changes.length === 0) changes.push({ where, field: "", old: "", new: "" });
    return changes;
  });
}

/**
 * A month step's states as people read them. While a transfer is sent the month is stored as
 * `transfer_unclear` (so that a crash leaves it for Check transfer, lib/month-close); the steps that
 * start a transfer and take its answer read "Transferring" there, not an alarm: only a month left
 * unclear (an answer that was not clear, a check) says "Transfer unclear".
 */
function stepStates(d: Record<string, unknown>): [string, string] {
  const [from, to, action] = [str(d.from), str(d.to), str(d.action)];
  const sending = (state: string) => (state === "transfer_unclear" ? "transferring" : state);
  if (action === "transfer") return [from, sending(to)];
  if (action === "transfer_result") return [sending(from), to];
  return [from, to];
}

function summaryOf(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames): string {
  const d = entry.details;
  switch (entry.kind) {
    case "member.joined":
      return t("audit.summary.member_joined", { member: str(d.memberName) || "—", roles: rolesText(t, d.roles) });
    case "member.roles_changed":
      return t("audit.summary.member_roles_changed", { member: str(d.memberName) || "—" });
    case "member.removed":
      return t("audit.summary.member_removed", { member: str(d.memberName) || "—", roles: rolesText(t, d.roles) });
    case "member.left":
      return t("audit.summary.member_left", { roles: rolesText(t, d.roles) });
    case "invitation.created":
      return t("audit.summary.invitation_created", {
        roles: rolesText(t, d.roles),
        expires: d.expiresAt ? formatUntil(locale, new Date(str(d.expiresAt))) : "—",
      });
    case "invitation.revoked":
      return t("audit.summary.invitation_revoked", { roles: rolesText(t, d.roles) });
    case "invitation.emailed":
      return t("audit.summary.invitation_emailed", { roles: rolesText(t, d.roles), to: str(d.to) });
    case "payroll.connected":
      return t("audit.summary.payroll_connected", { username: str(d.username) });
    case "payroll.disconnected":
      return t("audit.summary.payroll_disconnected", { username: str(d.username) });
    case "payroll.data_deleted":
      return t("audit.summary.payroll_data_deleted", { drafts: num(d.entryDrafts), imports: num(d.imports), transfers: num(d.transfers) });
    case "employee.created":
      return t("audit.summary.employee_created", { id: str(d.employeeId), name: str(d.name) });
    case "employee.import_started":
      return t("audit.summary.employee_import_started", {
        total: num(d.total),
        pending: num(d.pending),
        inUse: num(d.inUse),
        skipped: num(d.skipped),
      });
    case "employee.imported": {
      const employees = list(d.employees) as { employeeId?: number; name?: string }[];
      return t("audit.summary.employee_imported", {
        count: employees.length,
        names: employees.map((e) => `${e.employeeId ?? ""} ${e.name ?? ""}`.trim()).join(", "),
      });
    }
    case "draft.saved":
      return t("audit.summary.draft_saved", { entryKind: entryKindLabel(t, d.entryKind), count: list(d.lines).length });
    case "transfer.sent": {
      const outcomeKey = `payrollEntries.outcome.${str(d.outcome)}` as never;
      // A euro decimal string ("505.50"), formatted without float rounding.
      const total = formatAmount(locale, CANONICAL_DECIMAL.test(str(d.totalEuros)) ? str(d.totalEuros) : "0");
      const text = t("audit.summary.transfer_sent", {
        entryKind: entryKindLabel(t, d.entryKind),
        count: num(d.lineCount),
        total,
        outcome: t.has(outcomeKey) ? t(outcomeKey) : str(d.outcome),
      });
      return d.errorMessage ? `${text} (${str(d.errorMessage)})` : text;
    }
    case "month_close.step": {
      const state = (value: string) => {
        const key = (value === "transferring" ? "audit.transferring" : `monthClose.state.${value}`) as never;
        return t.has(key) ? t(key) : value;
      };
      const action = str(d.action);
      const actionKey = `audit.monthActions.${action}` as never;
      const [from, to] = stepStates(d);
      const text = t("audit.summary.month_close_step", {
        action: t.has(actionKey) ? t(actionKey) : action,
        from: state(from),
        to: state(to),
        round: num(d.round),
      });
      return d.reason ? `${text} ${t("audit.summary.month_close_reason", { reason: str(d.reason) })}` : text;
    }
    case "month_close.acknowledged": {
      const ruleKey = `monthChecks.ruleNames.${str(d.rule)}` as never;
      return t("audit.summary.month_close_acknowledged", {
        rule: t.has(ruleKey) ? t(ruleKey) : str(d.rule),
        employee: employeeText(names, entry.companyId, d.employeeId),
        round: num(d.round),
        comment: str(d.comment),
      });
    }
    case "workspace.four_eyes":
      return t(
        d.enabled === null || d.enabled === undefined
          ? "audit.summary.four_eyes_default"
          : d.enabled
            ? "audit.summary.four_eyes_on"
            : "audit.summary.four_eyes_off",
      );
    case "workspace.renamed":
      return t("audit.summary.workspace_renamed", { from: str(d.from), to: str(d.to) });
    case "company.check_settings":
      return t("audit.summary.company_check_settings", { count: Object.keys(settingChanges(d)).length });
    case "employee.check_settings":
      return t("audit.summary.employee_check_settings", { id: str(d.employeeId), name: str(d.name) });
  }
}

function settingChanges(details: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes = details.changes;
  return changes && typeof changes === "object" ? (changes as Record<string, [unknown, unknown]>) : {};
}

/** A check setting's value as people read it: the Land's name, "Minijob", euros, hours; null as the default. */
function settingText(locale: Locale, t: Translate, field: string, value: unknown): string {
  if (field === "federalState")
    return value === null || value === undefined
      ? t("audit.settings.noState")
      : t.has(`monthChecks.federalStates.${str(value)}` as never)
        ? t(`monthChecks.federalStates.${str(value)}` as never)
        : str(value);
  if (field === "payCap")
    return value === null || value === undefined
      ? t("audit.settings.noCap")
      : value === "minijob"
        ? t("audit.settings.minijob")
        : `${formatAmount(locale, str(value))} €`;
  if (value === null || value === undefined) return t("audit.settings.companyLimit");
  return t("audit.settings.hours", { hours: numberFormat(locale, { maximumFractionDigits: 2 }).format(num(value)) });
}

function settingsChanges(locale: Locale, t: Translate, entry: AuditEntryLike): AuditChange[] {
  const where =
    entry.kind === "employee.check_settings"
      ? t("audit.settings.employee", { id: str(entry.details.employeeId), name: str(entry.details.name) })
      : t("audit.settings.company");
  return Object.entries(settingChanges(entry.details)).map(([field, [before, after]]) => {
    const key = `audit.settings.fields.${field}` as never;
    return {
      where,
      field: t.has(key) ? t(key) : field,
      old: settingText(locale, t, field, before),
      new: settingText(locale, t, field, after),
    };
  });
}

/** The entry's own words: who, what, when, and its old → new changes; `names` beside the numbers where known. */
export function presentEntry(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames = NO_NAMES): PresentedEntry {
  const d = entry.details;
  let changes: AuditChange[] = [];
  if (entry.kind === "draft.saved") changes = draftChanges(locale, t, entry, names);
  if (entry.kind === "company.check_settings" || entry.kind === "employee.check_settings") changes = settingsChanges(locale, t, entry);
  if (entry.kind === "workspace.renamed")
    changes = [{ where: t("audit.workspaceWhere"), field: t("audit.nameField"), old: str(d.from), new: str(d.to) }];
  if (entry.kind === "member.roles_changed")
    changes = [{ where: str(d.memberName), field: t("audit.rolesField"), old: rolesText(t, d.from), new: rolesText(t, d.to) }];
  return {
    when: formatWhen(locale, entry.occurredAt),
    who: entry.actorName ?? (entry.actorId ? entry.actorId.slice(0, 8) : t("audit.system")),
    what: t(`audit.kinds.${kindKey(entry.kind)}` as never),
    summary: summaryOf(locale, t, entry, names),
    changes,
  };
}
