import type { KindPresenters } from "@/lib/audit/present";
import { formatMonthSpan } from "@/lib/i18n/format";

/** How the trail reads the exports' entries (./server). */
export const recordExportsAuditPresenters: KindPresenters<"records.tax_audit_export" | "records.personal_data_export"> =
  {
    "records.tax_audit_export": {
      summary: ({ t, locale }, { details }) =>
        t("audit.summary.records_tax_audit_export", {
          months: formatMonthSpan(locale, String(details.from), String(details.to)),
        }),
    },
    "records.personal_data_export": {
      summary: ({ t, names }, { companyId, details }) => {
        const id = Number(details.employeeId);
        return t("audit.summary.records_personal_data_export", {
          employee: names.employee(companyId, id) ?? String(id),
        });
      },
    },
  };
