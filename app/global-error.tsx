"use client";

import { useRetry } from "@/components/ui/use-retry";

// Shown when the root layout itself fails, so it cannot rely on the app's providers.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  const { retry, pending } = useRetry(reset);
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "2rem" }}>
        <h1>Something went wrong · Etwas ist schiefgelaufen</h1>
        <p>The page could not be shown. Die Seite konnte nicht angezeigt werden.</p>
        <button type="button" onClick={retry} disabled={pending}>
          Try again · Erneut versuchen
        </button>
      </body>
    </html>
  );
}
