import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The grid (features/payroll/components/grid reads payrollEntries), the month close (monthClose, its checks: monthChecks) and PayrollProblem.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["payrollEntries", "monthClose", "monthChecks", "datev"]}>{children}</IntlScope>;
}
