import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

<<<<<<< HEAD
// The members' and invitations' controls, four eyes (monthClose), the cut-off (deadlines) and the reminders.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose", "deadlines", "reminders"]}>{children}</IntlScope>;
=======
// The members' and invitations' controls, four eyes (monthClose) and the owners' webhooks.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces", "monthClose", "webhooks"]}>{children}</IntlScope>;
>>>>>>> h/webhooks
}
