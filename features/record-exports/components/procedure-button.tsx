"use client";

import { useTranslations } from "next-intl";
import { recordExportsApi } from "../client/api";
import { DownloadButton } from "./download-button";

/** /settings/records: `Procedure documentation`, the workspace's Verfahrensdokumentation as a PDF. */
export function ProcedureButton({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations();
  return (
    <DownloadButton
      label={t("recordExports.procedure.button")}
      fallbackName="procedure-documentation.pdf"
      made={(fileName) => t("recordExports.procedure.made", { fileName })}
      fetchFile={() => recordExportsApi.procedure({ workspaceId })}
    />
  );
}
