import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The members' and invitations' controls, four eyes (monthClose), the cut-off (deadlines), the reminders, the owners'
// webhooks, the passkey requirement and the default wage types for DATEV.
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <IntlScope
      namespaces={["workspaces", "clients", "monthClose", "deadlines", "reminders", "webhooks", "passkeys", "datev"]}
    >
      {children}
    </IntlScope>
  );
}
