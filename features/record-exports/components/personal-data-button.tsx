"use client";

import { useTranslations } from "next-intl";
import { recordExportsApi } from "../client/api";
import { DownloadButton } from "./download-button";

/** On an employee (the company page's employee table, owners only): `Export personal data` (Art. 15 ZIP). */
export function PersonalDataButton({ companyId, employeeId }: { companyId: number; employeeId: number }) {
  const t = useTranslations();
  return (
    <DownloadButton
      label={t("recordExports.personalData.button")}
      fallbackName={`personal-data-${employeeId}.zip`}
      made={(fileName) => t("recordExports.personalData.made", { fileName })}
      fetchFile={() => recordExportsApi.personalData({ companyId: String(companyId), employeeId: String(employeeId) })}
    />
  );
}
