import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The retention table and the companies' last audits (features/records).
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["records", "recordExports"]}>{children}</IntlScope>;
}
