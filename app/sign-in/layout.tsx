import type { ReactNode } from "react";
import { IntlScope } from "@/components/intl-scope";

// The sign-in form's texts.
export default function Layout({ children }: { children: ReactNode }) {
  return <IntlScope namespaces={["auth", "emailSignIn", "passkeys"]}>{children}</IntlScope>;
}
