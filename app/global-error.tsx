"use client";

// Shown when the root layout itself fails, so it cannot rely on the app's providers.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "2rem" }}>
        <h1>Something went wrong · Etwas ist schiefgelaufen</h1>
        <p>The page could not be shown. Die Seite konnte nicht angezeigt werden.</p>
        <button type="button" onClick={reset}>
          Try again · Erneut versuchen
        </button>
      </body>
    </html>
  );
}
