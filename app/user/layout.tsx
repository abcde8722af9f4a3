import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The last-name form's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["user", "business", "validation"]}>{children}</IntlScope>;
}
