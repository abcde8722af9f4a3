import type { AuditChange, KindPresenters } from "@/lib/audit/present";
import { keyUnder, type Translate } from "@/lib/i18n/translate";
import type { CutOffRule } from "./rules";
import { storedCutOffRule } from "./schemas";

/** How the trail reads what the deadline settings record (features/deadlines/server/settings.ts). */

type DeadlineKind = "workspace.cut_off_rule" | "company.deadline_settings";

/** A cut-off rule in words: "3 bank working days before the statement's last day", "Day 15 of the month". */
export function cutOffRuleText(t: Translate, rule: CutOffRule): string {
  return rule.kind === "day_of_month"
    ? t("deadlines.rule.dayOfMonth", { day: rule.day })
    : t("deadlines.rule.bankDaysBeforeStatement", { days: rule.days });
}

function ruleOrDefault(t: Translate, value: unknown, fallback: "default" | "workspace"): string {
  const rule = storedCutOffRule(value);
  if (rule) return cutOffRuleText(t, rule);
  return fallback === "default" ? t("audit.deadlines.defaultRule") : t("audit.deadlines.workspaceRule");
}

function landText(t: Translate, value: unknown): string {
  if (typeof value !== "string") return t("audit.deadlines.checkSettingsLand");
  const key = keyUnder(t, "monthChecks.federalStates", value);
  return key ? t(key) : value;
}

function companyChanges(t: Translate, details: Record<string, unknown>): AuditChange[] {
  const changes = (details.changes && typeof details.changes === "object" ? details.changes : {}) as Record<
    string,
    [unknown, unknown]
  >;
  const where = t("audit.settings.company");
  return Object.entries(changes).map(([field, [before, after]]) =>
    field === "land"
      ? { where, field: t("audit.deadlines.land"), old: landText(t, before), new: landText(t, after) }
      : {
          where,
          field: t("audit.deadlines.cutOff"),
          old: ruleOrDefault(t, before, "workspace"),
          new: ruleOrDefault(t, after, "workspace"),
        },
  );
}

export const DEADLINE_AUDIT_PRESENTERS: KindPresenters<DeadlineKind> = {
  "workspace.cut_off_rule": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.workspace_cut_off_rule", { rule: ruleOrDefault(t, d.to, "default") }),
    changes: ({ t }, { details: d }) => [
      {
        where: t("audit.deadlines.workspace"),
        field: t("audit.deadlines.cutOff"),
        old: ruleOrDefault(t, d.from, "default"),
        new: ruleOrDefault(t, d.to, "default"),
      },
    ],
  },
  "company.deadline_settings": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.company_deadline_settings", { count: companyChanges(t, d).length }),
    changes: ({ t }, entry) => companyChanges(t, entry.details),
  },
};
