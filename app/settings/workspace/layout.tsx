import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, and four eyes (monthClose).
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose"]}>{children}</IntlScope>;
}
