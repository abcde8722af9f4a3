import { getTranslations } from "next-intl/server";
import type { ListCheckCounts } from "@/features/month-close/server/page-data";
import { TableCell } from "@/components/ui/table";

/**
 * The company list's "Blockers / warnings" cell: "2 / 1" with its words for screen readers, "—"
 * when not computed. `relative`: the screen-reader text (absolutely placed) stays inside the
 * list's sideways scroller instead of widening the page on a phone.
 */
export async function CheckCountsCell({ counts }: { counts: ListCheckCounts }) {
  const t = await getTranslations();
  if (!counts) {
    return (
      <TableCell numeric className="relative" data-checks="none">
        <span aria-hidden="true">{t("monthChecks.listNotComputed")}</span>
        <span className="sr-only">{t("monthChecks.listNotComputedLabel")}</span>
      </TableCell>
    );
  }
  return (
    <TableCell numeric className="relative" data-blockers={counts.blockers} data-warnings={counts.warnings}>
      <span aria-hidden="true">{t("monthChecks.listCounts", counts)}</span>
      <span className="sr-only">{t("monthChecks.listCountsLabel", counts)}</span>
    </TableCell>
  );
}
