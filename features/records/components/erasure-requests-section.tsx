"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Table, TableCaption, TableCell, TableRow } from "@/components/ui/table";
import { formatDay } from "@/lib/i18n/format";
import type { ErasureRequestView } from "@/features/records/erasure/schemas";

/**
 * A company's erasure requests (features/records/erasure): each restricted employee marked
 * "Restricted (erasure requested on …)", each erased one with its day, and the reminder that the
 * payroll service's own copy is the firm's to erase there. Names as the service has them now.
 */
export function ErasureRequestsSection({
  requests,
  employeeNames,
}: {
  requests: ErasureRequestView[];
  employeeNames: Record<number, string>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const headingId = useId();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("erasure.heading")}
      </h2>
      <Notice tone="warning">{t("erasure.payrollService")}</Notice>
      <ScrollRegion label={t("erasure.heading")}>
        <Table
          caption={<TableCaption>{t("erasure.caption")}</TableCaption>}
          columns={[t("erasure.employee"), t("erasure.state"), t("erasure.requestedBy"), t("erasure.eraseAfter")]}
        >
          {requests.map((request) => (
            <TableRow key={request.id}>
              <TableCell>
                {request.state === "restricted" && employeeNames[request.employeeId]
                  ? `${employeeNames[request.employeeId]} (${request.employeeId})`
                  : t("erasure.employeeNumber", { id: request.employeeId })}
              </TableCell>
              <TableCell>
                {request.state === "erased"
                  ? t("erasure.erased", { date: formatDay(locale, request.erasedOn) })
                  : t("erasure.restricted", { date: formatDay(locale, request.requestedOn) })}
              </TableCell>
              <TableCell>{request.requestedBy ?? "—"}</TableCell>
              <TableCell>{request.eraseAfter ? formatDay(locale, request.eraseAfter) : t("erasure.noEnd")}</TableCell>
            </TableRow>
          ))}
        </Table>
      </ScrollRegion>
    </section>
  );
}
