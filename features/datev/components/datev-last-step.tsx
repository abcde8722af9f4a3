import "server-only";
import type { ReactNode } from "react";
import { companyDatevSettings } from "../server/settings";
import { latestExport } from "../server/export";
import { DatevExportedLinks } from "./datev-exported-links";
import { DatevExportStep } from "./datev-export-step";

/**
 * The month close's last step for a company whose months go to DATEV: `Export for DATEV` in place
 * of Transfer (features/month-close/components/month-close-panel.tsx `lastStep`), and once the month
 * is Transferred the stored file's download (`lastStepDone`); null for a company whose months go to
 * the payroll service, which keeps Transfer.
 */
export async function datevLastStep(month: {
  workspaceId: string;
  connectionId: string;
  companyId: number;
  period: string;
}): Promise<{ step: ReactNode; done: ReactNode } | null> {
  const [settings, exported] = await Promise.all([
    companyDatevSettings(month.workspaceId, month.connectionId, month.companyId),
    latestExport(month.connectionId, month.companyId, month.period),
  ]);
  if (settings.target !== "datev") return null;
  return {
    step: <DatevExportStep companyId={month.companyId} period={month.period} />,
    done: exported ? (
      <DatevExportedLinks
        companyId={month.companyId}
        period={month.period}
        fileName={exported.fileName}
        program={exported.program === "lug" ? "lug" : "lodas"}
      />
    ) : null,
  };
}
