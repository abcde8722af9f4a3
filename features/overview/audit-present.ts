import type { KindPresenters } from "@/lib/audit/present";

/** How the trail reads what the overview records (features/overview/server/audit.ts). */

const names = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((person) => String((person as { name?: unknown } | null)?.name ?? "")).filter(Boolean)
    : [];

export const OVERVIEW_AUDIT_PRESENTERS: KindPresenters<"company.assignees"> = {
  "company.assignees": {
    summary: ({ t }, { details: d }) => {
      const list = (value: unknown) => names(value).join(", ") || t("audit.summary.company_assignees_nobody");
      return t("audit.summary.company_assignees", { added: list(d.added), removed: list(d.removed) });
    },
  },
};
