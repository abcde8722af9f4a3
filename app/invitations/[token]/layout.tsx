import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The Join button's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["workspaces"]}>{children}</IntlScope>;
}
