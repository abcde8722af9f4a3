import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, four eyes (monthClose), the cut-off (deadlines), the reminders, the owners'
// webhooks and the passkey requirement.
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <IntlScope namespaces={["workspaces", "clients", "monthClose", "deadlines", "reminders", "webhooks", "passkeys"]}>
      {children}
    </IntlScope>
  );
}
