/**
 * The browser's two calls to next-auth's endpoints, as `next-auth/react`'s `signIn`/`signOut`
 * make them (POST with the CSRF token, `json=true`, then the browser goes where the answer
 * says), without that module: it put about 9 KB (gzip) of session-polling client on every page,
 * since the header offers sign-in and sign-out everywhere. These endpoints answer next-auth's
 * own shapes, not the app's envelope, so they do not go through `apiFetch`.
 */
const AUTH_BASE = "/api/auth";

async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE}/csrf`, { cache: "no-store" });
  const { csrfToken: token } = (await response.json()) as { csrfToken: string };
  return token;
}

/** Rejects when no answer came (the caller re-enables its button); otherwise the browser leaves. */
async function postAndLeave(url: string, callbackUrl: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: await csrfToken(), callbackUrl, json: "true" }),
  });
  const { url: next } = (await response.json()) as { url?: string };
  window.location.href = next ?? callbackUrl;
}

/** Starts the sign-in at the accounting service; `params` go on to the authorization request (features/sign-in/server/route-handler.ts keeps only known ones). */
export function startSignIn(provider: string, callbackUrl: string, params: Record<string, string>): Promise<void> {
  return postAndLeave(
    `${AUTH_BASE}/signin/${encodeURIComponent(provider)}?${new URLSearchParams(params)}`,
    callbackUrl,
  );
}

/** Ends the session (features/sign-in/server/sign-out.ts revokes the connection), then goes to `callbackUrl`. */
export function signOutAndLeave(callbackUrl: string): Promise<void> {
  return postAndLeave(`${AUTH_BASE}/signout`, callbackUrl);
}
