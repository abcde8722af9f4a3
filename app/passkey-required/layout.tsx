import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The gate's passkey list and controls.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["passkeys"]}>{children}</IntlScope>;
}
