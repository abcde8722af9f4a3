import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The sessions list's controls.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["security"]}>{children}</IntlScope>;
}
