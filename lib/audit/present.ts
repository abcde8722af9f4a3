import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { kindKey, type AuditKind } from "./kinds";

/**
 * An entry as people read it, on the page and in the CSV export: in their language, German
 * time, and cell values as the grid shows them (8,5 and 03.11.2026 in German).
 *
 * The core knows no feature: each feature that records kinds presents them (a `KindPresenter`
 * per kind, beside its writer: features/workspaces/audit-present.ts, features/payroll/audit-present.ts,
 * features/month-close/audit-present.ts), named in its manifest (feature.ts); the composition root
 * joins them for the trail (lib/composition/wire.ts → features/audit-trail/present.ts).
 */

export interface AuditEntryLike {
  occurredAt: Date;
  actorId: string | null;
  actorName: string | null;
  /** The actor's name was erased (docs/erasure.md): shown as "Erased staff member". */
  actorErased?: boolean;
  /** The member an entry concerns (`details.memberId`), as known when read (lib/audit/server/people.ts). */
  member?: { name: string | null; erased: boolean };
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
 * Names an entry's numbers stand for, looked up when it is shown (features/audit-trail/server/names.ts): a company's
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

/** What a presenter reads an entry with: the person's language and the names beside the numbers. */
export interface PresentContext {
  locale: Locale;
  t: Translate;
  names: AuditNames;
}

/** How one kind reads: its one-line summary and, where it has them, its old → new changes. */
export interface KindPresenter {
  summary(context: PresentContext, entry: AuditEntryLike): string;
  changes?(context: PresentContext, entry: AuditEntryLike): AuditChange[];
}

/** A feature's presenters, by the kinds it records. */
export type KindPresenters<Kind extends AuditKind> = Record<Kind, KindPresenter>;

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

// Readers of the stored `details` (JSON written by older versions too): text, number, list.
export const str = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
export const num = (value: unknown): number => (typeof value === "number" ? value : Number(value) || 0);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** "1001 Anna Schmidt", or the number alone when no name is known. */
export function employeeText(names: AuditNames, companyId: number | null, employeeId: unknown): string {
  if (employeeId === null || employeeId === undefined || employeeId === "") return "—";
  const name =
    typeof employeeId === "number" || /^\d+$/.test(String(employeeId))
      ? names.employee(companyId, Number(employeeId))
      : null;
  return name ? `${String(employeeId)} ${name}` : String(employeeId);
}

/**
 * An employee's name for an entry's words: from the names known now (the payroll service's list as
 * read for the page, features/audit-trail/server/names.ts), else the name an entry written before
 * names were kept out of the trail still holds (`details.name`), else empty.
 */
export function employeeName(names: AuditNames, companyId: number | null, details: Record<string, unknown>): string {
  const id = Number(details.employeeId);
  const known = Number.isInteger(id) ? names.employee(companyId, id) : null;
  return known ?? (typeof details.name === "string" ? details.name : "");
}

/**
 * The member an entry concerns: "Erased staff member" once erased, else the name the entry holds
 * (written before names were kept out), else the one known now, else "—".
 */
export function memberText(t: Translate, entry: Pick<AuditEntryLike, "member" | "details">): string {
  if (entry.member?.erased) return t("audit.erasedStaff");
  return str(entry.details.memberName) || entry.member?.name || "—";
}

/** The entry's own words with every kind's presenter: who, what, when, and its old → new changes. */
export function presentWith(
  presenters: KindPresenters<AuditKind>,
  locale: Locale,
  t: Translate,
  entry: AuditEntryLike,
  names: AuditNames = NO_NAMES,
): PresentedEntry {
  const context: PresentContext = { locale, t, names };
  const presenter = presenters[entry.kind];
  return {
    when: formatWhen(locale, entry.occurredAt),
    who: entry.actorErased
      ? t("audit.erasedStaff")
      : (entry.actorName ?? (entry.actorId ? entry.actorId.slice(0, 8) : t("audit.system"))),
    what: t(`audit.kinds.${kindKey(entry.kind)}`),
    summary: presenter.summary(context, entry),
    changes: presenter.changes?.(context, entry) ?? [],
  };
}
