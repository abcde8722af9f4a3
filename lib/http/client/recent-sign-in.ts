/**
 * Recent sign-in for what matters (lib/auth/server/recent-confirmation.ts), the browser's half:
 * when an answer is 401 `reauthentication_required`, the one fetch helper (./browser-fetch.ts)
 * asks the confirmer that the page registered (the global dialog, features/sign-in/components/recent-sign-in/)
 * and, once the person confirmed, sends the request again, once. Several refused requests at the
 * same moment share one dialog. Without a confirmer (no dialog on the page) the refusal stands.
 */
type Confirmer = () => Promise<boolean>;

let confirmer: Confirmer | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog registers itself while mounted; the returned function unregisters it. */
export function registerRecentSignInConfirmer(confirm: Confirmer): () => void {
  confirmer = confirm;
  return () => {
    if (confirmer === confirm) confirmer = null;
  };
}

/** Asks the person to confirm (one dialog for every request waiting); true once the session is confirmed. */
export function confirmRecentSignIn(): Promise<boolean> {
  const confirm = confirmer;
  if (!confirm) return Promise.resolve(false);
  asking ??= confirm()
    .catch(() => false)
    .finally(() => {
      asking = null;
    });
  return asking;
}
