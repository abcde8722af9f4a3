import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces"]}>{children}</IntlScope>;
}
