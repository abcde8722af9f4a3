"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { errorBody } from "@/components/ui/error-text";
import { datevApi } from "../client/api";
import { DatevExportedLinks } from "./datev-exported-links";
import { problemText } from "../export/problem-text";

/**
 * The month close's last step for a DATEV company (in place of Transfer): `Export for DATEV` opens
 * the preview (the trial run's problems, the lines per employee, a correction's warning), and its
 * confirmation makes and stores the file; the page then shows the month Transferred.
 */
export function DatevExportStep({ companyId, period }: { companyId: number; period: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const params = { companyId: String(companyId), month: period };
  const preview = useMutation({ mutationFn: () => datevApi.preview(params) });
  const made = useMutation({
    mutationFn: () => datevApi.exportMonth(params),
    onSuccess: () => {
      setOpen(false);
      router.refresh();
    },
  });
  const data = preview.data;
  // A 422's problems are the trial run's, listed like the preview's.
  const refused = (errorBody(made.error).problems ?? []) as Record<string, unknown>[];
  const problems = [...(data?.problems ?? []), ...refused] as Record<string, unknown>[];

  return (
    <>
      <Button
        size="sm"
        disabled={preview.isPending}
        onClick={() => {
          setOpen(true);
          preview.mutate();
        }}
      >
        {t("datev.exportButton")}
      </Button>
      {made.isSuccess ? (
        <DatevExportedLinks
          companyId={companyId}
          period={period}
          fileName={made.data.fileName}
          program={made.data.program === "lug" ? "lug" : "lodas"}
        />
      ) : null}
      <ConfirmDialog
        open={open}
        title={t("datev.previewTitle")}
        confirmLabel={t("datev.exportButton")}
        cancelLabel={t("datev.cancel")}
        danger={false}
        pending={made.isPending}
        confirmDisabled={preview.isPending || !data || problems.length > 0}
        onCancel={() => setOpen(false)}
        onConfirm={() => made.mutate()}
        error={made.error && refused.length === 0 ? <ErrorNotice error={made.error} /> : null}
      >
        {preview.error ? <ErrorNotice error={preview.error} /> : null}
        {data?.earlierExport ? (
          <p role="alert" className="text-amber-900">
            {t("datev.correctionWarning", { program: t(`datev.programs.${data.program}`) })}
          </p>
        ) : null}
        {problems.length > 0 ? (
          <section aria-label={t("datev.problems.title")}>
            <h3 className="font-semibold">{t("datev.problems.title")}</h3>
            <ul className="list-disc pl-5">
              {problems.map((problem, index) => (
                <li key={index}>{problemText(t, problem)}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {data ? (
          <table className="w-full text-sm" aria-label={t("datev.linesPerEmployee")}>
            <caption className="text-left font-semibold">{t("datev.linesPerEmployee")}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">{t("datev.employee")}</th>
                <th scope="col">{t("datev.personnelNumber")}</th>
                <th scope="col">{t("datev.hoursLines")}</th>
                <th scope="col">{t("datev.paymentLines")}</th>
              </tr>
            </thead>
            <tbody>
              {data.employees.map((employee) => (
                <tr key={employee.id}>
                  <th scope="row" className="text-left font-normal">
                    {employee.name}
                  </th>
                  <td>{employee.personnelNumber ?? "–"}</td>
                  <td>{employee.hours}</td>
                  <td>{employee.payments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
