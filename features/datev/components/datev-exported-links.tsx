"use client";

import { useTranslations } from "next-intl";

/** The month's stored DATEV file (and for Lohn und Gehalt its format description), byte for byte from the route. */
export function DatevExportedLinks(props: {
  companyId: number;
  period: string;
  fileName: string;
  program: "lodas" | "lug";
}) {
  const t = useTranslations();
  const href = `/api/payroll/companies/${props.companyId}/datev?month=${props.period}`;
  return (
    <>
      <a className="text-sm text-blue-800 underline" href={href} download={props.fileName}>
        {t("datev.download", { fileName: props.fileName })}
      </a>
      {props.program === "lug" ? (
        <a className="text-sm text-blue-800 underline" href={`${href}&part=description`} download>
          {t("datev.downloadDescription")}
        </a>
      ) : null}
    </>
  );
}
