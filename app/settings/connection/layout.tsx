import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The disconnect and legacy connection buttons' texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["connection", "legacy"]}>{children}</IntlScope>;
}
