import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, four eyes (monthClose), the cut-off (deadlines) and the reminders.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose", "deadlines", "reminders"]}>{children}</IntlScope>;
}
