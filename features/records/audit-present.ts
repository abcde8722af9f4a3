import type { AuditChange, KindPresenters } from "@/lib/audit/present";
import { formatDay } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { keyUnder, type Translate } from "@/lib/i18n/translate";

/** How the trail reads what the records settings record (./server/settings.ts). */

function retentionChanges(t: Translate, details: Record<string, unknown>): AuditChange[] {
  const changes = (details.changes && typeof details.changes === "object" ? details.changes : {}) as Record<
    string,
    [unknown, unknown]
  >;
  return Object.entries(changes).map(([recordClass, [before, after]]) => {
    const key = keyUnder(t, "records.classes", recordClass);
    return {
      where: t("records.retentionHeading"),
      field: key ? t(key) : recordClass,
      old: String(before),
      new: String(after),
    };
  });
}

function day(locale: Locale, t: Translate, value: unknown): string {
  return typeof value === "string" ? formatDay(locale, value) : t("records.noAudit");
}

export const recordsAuditPresenters: KindPresenters<"records.retention" | "records.social_audit"> = {
  "records.retention": {
    summary: ({ t }, { details }) =>
      t("audit.summary.records_retention", { count: retentionChanges(t, details).length }),
    changes: ({ t }, entry) => retentionChanges(t, entry.details),
  },
  "records.social_audit": {
    summary: ({ t, locale }, { details }) =>
      t("audit.summary.records_social_audit", { from: day(locale, t, details.from), to: day(locale, t, details.to) }),
  },
};
