import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The business details form's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["business", "validation"]}>{children}</IntlScope>;
}
