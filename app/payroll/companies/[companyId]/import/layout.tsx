import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The import wizard's and progress's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["payroll"]}>{children}</IntlScope>;
}
