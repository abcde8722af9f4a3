import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, four eyes (monthClose), the cut-off (deadlines), the reminders and the owners' webhooks.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose", "deadlines", "reminders", "webhooks"]}>{children}</IntlScope>;
}
