import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The passkeys and sessions lists' controls, the sign-in e-mail form and the link confirmation.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["security", "passkeys", "accountLinking"]}>{children}</IntlScope>;
}
