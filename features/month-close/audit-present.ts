import {
  employeeName,
  employeeText,
  num,
  str,
  type AuditChange,
  type AuditEntryLike,
  type AuditNames,
  type KindPresenters,
} from "@/lib/audit/present";
import { formatAmount, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { keyUnder, type Translate } from "@/lib/i18n/translate";

/** How the trail reads what the month close records (features/month-close/server/audit.ts, settings/server/service.ts). */

type MonthCloseKind =
  | "month_close.step"
  | "month_close.sealed"
  | "month_close.acknowledged"
  | "workspace.four_eyes"
  | "company.check_settings"
  | "employee.check_settings";

/**
 * A month step's states as people read them. While a transfer is sent the month is stored as
 * `transfer_unclear` (so that a crash leaves it for Check transfer, features/month-close); the steps that
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

function stepSummary(t: Translate, d: Record<string, unknown>): string {
  const state = (value: string) => {
    const key = value === "transferring" ? "audit.transferring" : keyUnder(t, "monthClose.state", value);
    return key ? t(key) : value;
  };
  const action = str(d.action);
  const actionKey = keyUnder(t, "audit.monthActions", action);
  const [from, to] = stepStates(d);
  const text = t("audit.summary.month_close_step", {
    action: actionKey ? t(actionKey) : action,
    from: state(from),
    to: state(to),
    round: num(d.round),
  });
  return d.reason ? `${text} ${t("audit.summary.month_close_reason", { reason: str(d.reason) })}` : text;
}

function settingChanges(details: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes = details.changes;
  return changes && typeof changes === "object" ? (changes as Record<string, [unknown, unknown]>) : {};
}

/** A check setting's value as people read it: the Land's name, "Minijob", euros, hours; null as the default. */
function settingText(locale: Locale, t: Translate, field: string, value: unknown): string {
  if (field === "federalState") {
    if (value === null || value === undefined) return t("audit.settings.noState");
    const key = keyUnder(t, "monthChecks.federalStates", str(value));
    return key ? t(key) : str(value);
  }
  if (field === "payCap")
    return value === null || value === undefined
      ? t("audit.settings.noCap")
      : value === "minijob"
        ? t("audit.settings.minijob")
        : `${formatAmount(locale, str(value))} €`;
  if (value === null || value === undefined) return t("audit.settings.companyLimit");
  return t("audit.settings.hours", { hours: numberFormat(locale, { maximumFractionDigits: 2 }).format(num(value)) });
}

function settingsChanges(locale: Locale, t: Translate, entry: AuditEntryLike, names: AuditNames): AuditChange[] {
  const where =
    entry.kind === "employee.check_settings"
      ? t("audit.settings.employee", {
          id: str(entry.details.employeeId),
          name: employeeName(names, entry.companyId, entry.details),
        })
      : t("audit.settings.company");
  return Object.entries(settingChanges(entry.details)).map(([field, [before, after]]) => {
    const key = keyUnder(t, "audit.settings.fields", field);
    return {
      where,
      field: key ? t(key) : field,
      old: settingText(locale, t, field, before),
      new: settingText(locale, t, field, after),
    };
  });
}

export const MONTH_CLOSE_AUDIT_PRESENTERS: KindPresenters<MonthCloseKind> = {
  "month_close.step": { summary: ({ t }, { details: d }) => stepSummary(t, d) },
  "month_close.sealed": {
    summary: ({ t }, { details: d }) =>
      t(
        d.sealedAtMigration === true
          ? "audit.summary.month_close_sealed_at_migration"
          : "audit.summary.month_close_sealed",
        {
          version: num(d.version),
          hash: str(d.hash),
          round: num(d.round),
        },
      ),
  },
  "month_close.acknowledged": {
    summary: ({ t, names }, { companyId, details: d }) => {
      const ruleKey = keyUnder(t, "monthChecks.ruleNames", str(d.rule));
      return t("audit.summary.month_close_acknowledged", {
        rule: ruleKey ? t(ruleKey) : str(d.rule),
        employee: employeeText(names, companyId, d.employeeId),
        round: num(d.round),
        comment: str(d.comment),
      });
    },
  },
  "workspace.four_eyes": {
    summary: ({ t }, { details: d }) =>
      t(
        d.enabled === null || d.enabled === undefined
          ? "audit.summary.four_eyes_default"
          : d.enabled
            ? "audit.summary.four_eyes_on"
            : "audit.summary.four_eyes_off",
      ),
  },
  "company.check_settings": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.company_check_settings", { count: Object.keys(settingChanges(d)).length }),
    changes: ({ locale, t, names }, entry) => settingsChanges(locale, t, entry, names),
  },
  "employee.check_settings": {
    summary: ({ t, names }, { companyId, details: d }) =>
      t("audit.summary.employee_check_settings", { id: str(d.employeeId), name: employeeName(names, companyId, d) }),
    changes: ({ locale, t, names }, entry) => settingsChanges(locale, t, entry, names),
  },
};
