import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { auditContract } from "../contract";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { CSV_BOM } from "@/lib/csv/write";
import { auditCsvHeader, auditCsvRows } from "../csv";
import { parseAuditSearch } from "@/lib/audit/filters";
import { auditNamesOf, employeeNames, restrictedMark } from "./names";
import { companyLabels } from "./page-data";
import { allAuditEntries, auditCompanies } from "@/lib/audit/server/query";
import { recordExport } from "@/features/records/server/access-log/record";

/**
 * `GET /api/audit/export?<the page's filters>`: the filtered entries of the person's active
 * workspace as CSV, streamed a page of entries at a time (an auditor's export may be long).
 */
export const getAuditExport = withRoute({ ...auditContract.export, firmOnly: true }, async ({ request, user }) => {
  const workspace = user.workspace;
  if (!workspace) throw new ApiError("not_found");
  const { filters } = parseAuditSearch(request.nextUrl.searchParams);
  const [t, locale] = await Promise.all([getTranslations() as Promise<Translate>, getLocale() as Promise<Locale>]);
  // Names beside the numbers: the trail's companies (a few per firm) and their employees, read once.
  const companies = await auditCompanies(user.id, workspace.id);
  const employees = await employeeNames(
    user.id,
    workspace.id,
    companies.map((company) => company.id),
    restrictedMark(t, locale),
  );
  const names = auditNamesOf(companyLabels(t, companies), employees);
  // The access log (issue #38 §4): the employees whose names and figures this file can carry, before it is sent.
  const shown = [...employees.keys()].filter((key) => !filters.company || key.startsWith(`${filters.company}:`));
  await recordExport({
    workspaceId: workspace.id,
    actorId: user.id,
    kind: "audit_export",
    companyId: filters.company ?? null,
    period: filters.period ?? null,
    employeeIds: shown.map((key) => Number(key.split(":")[1])),
  });
  const encoder = new TextEncoder();
  const pages = allAuditEntries(user.id, workspace.id, filters);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + auditCsvHeader(t, locale)));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((entry) => auditCsvRows(t, locale, entry, names)).join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
