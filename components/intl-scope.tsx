import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import type { Messages } from "@/lib/i18n/messages";
import { pickMessages, type Namespace } from "@/lib/i18n/pick";

/** Any client component may show a failure (components/ui/error-text.ts), so every scope has these. */
const ERROR_NAMESPACES = ["errors", "accountingError", "payrollErrors"] as const satisfies readonly Namespace[];

/**
 * Gives the client components below it the messages of `namespaces` only (and the error texts),
 * so a page ships its own texts and not the whole catalogue. Providers do not merge: list every
 * namespace the client components below read (the root layout's scope holds `common` for the
 * header and error page).
 */
export async function IntlScope({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = (await getMessages()) as Messages;
  return (
    <NextIntlClientProvider messages={pickMessages(messages, [...namespaces, ...ERROR_NAMESPACES])}>
      {children}
    </NextIntlClientProvider>
  );
}
