import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The reference lists' texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["payroll"]}>{children}</IntlScope>;
}
