import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["notifications"]}>{children}</IntlScope>;
}
