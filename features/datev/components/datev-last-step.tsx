import "server-only";
import type { ReactNode } from "react";
import { companyDatevSettings } from "../server/settings";
import { DatevExportStep } from "./datev-export-step";

/**
 * The month close's last step for a company whose months go to DATEV: `Export for DATEV` in place
 * of Transfer (features/month-close/components/month-close-panel.tsx `lastStep`); null for a company
 * whose months go to the payroll service, which keeps Transfer.
 */
export async function datevLastStep(month: {
  workspaceId: string;
  connectionId: string;
  companyId: number;
  period: string;
}): Promise<ReactNode> {
  const settings = await companyDatevSettings(month.workspaceId, month.connectionId, month.companyId);
  return settings.target === "datev" ? <DatevExportStep companyId={month.companyId} period={month.period} /> : null;
}
