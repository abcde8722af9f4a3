import type { KindPresenters } from "@/lib/audit/present";
import { formatDay } from "@/lib/i18n/format";

/** How the trail reads what erasure records (./server/requests.ts, ./server/erase.ts). */
export const erasureAuditPresenters: KindPresenters<"employee.erasure_requested" | "employee.erased"> = {
  "employee.erasure_requested": {
    summary: ({ t, locale }, { details }) =>
      t("audit.summary.employee_erasure_requested", {
        employee: String(details.employeeId),
        eraseAfter: typeof details.eraseAfter === "string" ? formatDay(locale, details.eraseAfter) : "—",
      }),
  },
  "employee.erased": {
    summary: ({ t }, { details }) => t("audit.summary.employee_erased", { employee: String(details.employeeId) }),
  },
};
