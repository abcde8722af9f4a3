import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { StartFrom } from "./start-from-transfer";
import type { LastTransfer } from "./use-transfer-review";

/** What the page hands the workbench (./entries-workbench.tsx): the company's month, its draft and transfers. */
export interface WorkbenchProps {
  kind: EntryKind;
  companyId: number;
  companyName: string;
  period: string;
  employees: { id: number; name: string }[];
  draft: { lines: StoredLine[]; revision: number; lineRevisions: Record<string, number>; updatedAt: string } | null;
  lastTransfer: LastTransfer | null;
  /** A transfer after the last successful one whose outcome is unknown. */
  unknownTransfer: LastTransfer | null;
  /** The person's workspace role may read but not edit or transfer (features/workspaces/permissions.ts), or the month is not Open. */
  readOnly?: boolean;
  /** The month is not Open (month close): the grid is read-only (sending is always the month close's Transfer). */
  frozen?: boolean;
  /** The firm's client: no transfer comparison or history (the firm's), features/workspaces/permissions.ts. */
  client?: boolean;
  /** Less typing: an earlier month's last transferred set (offered while the draft is empty) and rates per employee and type. */
  startFrom?: StartFrom | null;
  rememberedRates?: Record<string, Record<string, string>>;
  /** Whose edits these are (`person/payroll connection`): where the browser keeps them until the server has them. */
  draftOwner: string;
}
