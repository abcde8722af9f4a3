import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The passkeys and sessions lists' controls.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["security", "passkeys"]}>{children}</IntlScope>;
}
