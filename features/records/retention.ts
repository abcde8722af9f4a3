/**
 * What the law says how long each class of record is kept, and until when one record must be
 * kept (docs/adr/0267-retention-rules.md). Pure: the server (./server/settings.ts) adds the
 * workspace's longer periods and a company's last audit date; /settings/records shows the table.
 *
 * Every rule runs to the end of a calendar year: the period starts at the end of the year of its
 * event (§ 147 (4) AO; § 41 (1) sentence 9 EStG "bis zum Ende des sechsten Kalenderjahres, das auf
 * die zuletzt eingetragene Lohnzahlung folgt"; § 28f (1) SGB IV "bis zum Ablauf des auf die letzte
 * Prüfung folgenden Kalenderjahres"), so a record dated 15.03.2026 under § 41 EStG is kept until
 * 31.12.2032.
 */

export const RECORD_CLASSES = [
  "wage_account",
  "social_insurance_audit",
  "booking_vouchers",
  "books_and_audit_trail",
  "access_log",
] as const;
export type RecordClass = (typeof RECORD_CLASSES)[number];

/** The classes an owner sets a period for; the access log follows the audit trail's (issue #38 §4). */
export const EDITABLE_CLASSES = [
  "wage_account",
  "social_insurance_audit",
  "booking_vouchers",
  "books_and_audit_trail",
] as const satisfies readonly RecordClass[];
export type EditableClass = (typeof EDITABLE_CLASSES)[number];

export interface RetentionRule {
  /** Calendar years after the year of `event`; the law's minimum (an owner may set more). */
  readonly legalYears: number;
  /** What the period counts from: the record's last entry, the company's last audit, the record's date. */
  readonly event: "last_entry" | "last_audit" | "record_date";
  /** The legal source, as cited (the same in both languages). */
  readonly source: string;
  /** The class whose period this one follows, when it has none of its own. */
  readonly follows?: EditableClass;
}

export const RETENTION_RULES: Readonly<Record<RecordClass, RetentionRule>> = {
  wage_account: { legalYears: 6, event: "last_entry", source: "§ 41 (1) EStG" },
  social_insurance_audit: { legalYears: 1, event: "last_audit", source: "§ 28f (1) SGB IV" },
  booking_vouchers: { legalYears: 8, event: "record_date", source: "§ 147 (1) Nr. 4, (3), (4) AO" },
  books_and_audit_trail: { legalYears: 10, event: "record_date", source: "§ 147 (1) Nr. 1, (3), (4) AO" },
  access_log: {
    legalYears: 10,
    event: "record_date",
    source: "§ 147 (3) AO; Art. 5 (2) DSGVO",
    follows: "books_and_audit_trail",
  },
};

/** The longest period an owner may set: a typo's guard, not a legal bound. */
export const MAX_RETENTION_YEARS = 50;

/** The workspace's periods in years, for the classes it set; absent: the law's. */
export type RetentionYears = Partial<Record<EditableClass, number>>;

/** The period in force for a class: the owner's when set and not below the law, else the law's. */
export function yearsFor(recordClass: RecordClass, chosen: RetentionYears): number {
  const rule = RETENTION_RULES[recordClass];
  const own = (rule.follows ? chosen[rule.follows] : chosen[recordClass as EditableClass]) ?? 0;
  const legal = rule.follows ? RETENTION_RULES[rule.follows].legalYears : rule.legalYears;
  return Math.max(legal, own);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Until when a record must be kept (`YYYY-MM-DD`, the last day): 31 December of the event's year
 * plus the period. `event` is the record's last entry (wage account), the company's last social
 * insurance audit, or the record's own date, as `YYYY-MM-DD` or a Date (its Berlin calendar year
 * is its UTC one for any date but New Year's Eve night; the callers pass days).
 */
export function keepUntilDate(recordClass: RecordClass, event: string, chosen: RetentionYears = {}): string {
  const match = DAY.exec(event);
  if (!match) throw new Error(`keepUntilDate: not a day: ${event}`);
  return `${Number(match[1]) + yearsFor(recordClass, chosen)}-12-31`;
}

/**
 * Until when pay records must be kept (`YYYY-MM-DD`): the latest of the wage account from their last
 * month (§ 41 EStG), the pay records until the end of the year after the last social insurance audit
 * (§ 28f SGB IV) and, when they were sent or sealed, the booking vouchers from that day (§ 147 AO).
 * Null while no audit covering their last month is entered: the end is not known yet (docs/adr/0267).
 * One employee's records (erasure) or one company's (a connection's deletion) alike.
 */
export function payRecordsKeepUntil(
  records: { lastPeriod: string; lastVoucher: string | null },
  lastAudit: string | undefined,
  chosen: RetentionYears = {},
): string | null {
  const firstDay = `${records.lastPeriod}-01`;
  if (!lastAudit || lastAudit < firstDay) return null;
  const dates = [
    keepUntilDate("wage_account", firstDay, chosen),
    keepUntilDate("social_insurance_audit", lastAudit, chosen),
    ...(records.lastVoucher ? [keepUntilDate("booking_vouchers", records.lastVoucher, chosen)] : []),
  ];
  return dates.reduce((latest, date) => (date > latest ? date : latest));
}
