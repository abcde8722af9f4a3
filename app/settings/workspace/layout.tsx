import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, four eyes (monthClose) and the passkey requirement.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose", "passkeys"]}>{children}</IntlScope>;
}
