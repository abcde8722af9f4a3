import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The trial balance's client components (range form, table, balance check; the pack's charts).
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["trialBalance", "trialBalanceCharts"]}>{children}</IntlScope>;
}
