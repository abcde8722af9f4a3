import { formatWhen } from "@/lib/audit/present";
import { numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { DEFAULT_COMPANY_HOURS_LIMIT } from "@/features/month-close/checks/tables";
import { EDITABLE_CLASSES, RETENTION_RULES } from "@/features/records/retention";
import { WORKSPACE_ROLES } from "@/features/workspaces/schemas";
import type { ProcedureSettings } from "./settings";

/**
 * The lines that stand in the fixed text's places (`{{workspace}}`, `{{roles}}`, `{{checks}}`,
 * `{{retention}}`): the workspace's settings, in the person's language. Pure.
 */
export function procedureSlots(
  t: Translate,
  locale: Locale,
  settings: ProcedureSettings,
  madeAt: Date,
): Record<string, string[]> {
  const yesNo = (value: boolean) => t(value ? "recordExports.procedure.yes" : "recordExports.procedure.no");
  const hours = numberFormat(locale, { maximumFractionDigits: 2 });
  return {
    workspace: [
      t("recordExports.procedure.workspace", { name: settings.workspace }),
      t("recordExports.procedure.madeAt", { when: formatWhen(locale, madeAt) }),
      t("recordExports.procedure.members", { count: settings.members }),
    ],
    roles: [
      ...WORKSPACE_ROLES.map((role) =>
        t("recordExports.procedure.roleCount", { role: t(`workspaces.roles.${role}`), count: settings.roles[role] }),
      ),
      t(
        settings.fourEyes.setting === null
          ? "recordExports.procedure.fourEyesDefault"
          : "recordExports.procedure.fourEyes",
        {
          state: yesNo(settings.fourEyes.effective),
        },
      ),
      t("recordExports.procedure.passkeys", { state: yesNo(settings.passkeysRequired) }),
    ],
    checks: settings.companies.length
      ? settings.companies.map((company) =>
          t("recordExports.procedure.company", {
            company: `${company.name} (${company.id})`,
            state: company.federalState ?? t("recordExports.procedure.noState"),
            limit: hours.format(Number(company.hoursLimit ?? DEFAULT_COMPANY_HOURS_LIMIT)),
            own: company.ownSettings,
          }),
        )
      : [t("recordExports.procedure.noCompanies")],
    retention: EDITABLE_CLASSES.map((recordClass) =>
      t("recordExports.procedure.retention", {
        recordClass: t(`records.classes.${recordClass}`),
        years: settings.retention[recordClass],
        source: RETENTION_RULES[recordClass].source,
      }),
    ),
  };
}
