import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The onboarding form's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["payroll"]}>{children}</IntlScope>;
}
