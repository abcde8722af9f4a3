import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The summary (approverSummary), the month close's panel (monthClose, its checks' texts: monthChecks) and the grid's column and error names (payrollEntries).
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <IntlScope namespaces={["approverSummary", "monthClose", "monthChecks", "payrollEntries"]}>{children}</IntlScope>
  );
}
