/**
 * Whether a post-sign-in destination is the app's own (pure: the server, the proxy and the browser
 * use the same check). A destination comes from the query, a body or a cookie, i.e. from anyone.
 * Browsers drop tab, CR and LF anywhere in a URL (`/\t/evil.example` becomes `//evil.example`,
 * another host), so a control character anywhere refuses it, not only a second `/` or `\\`.
 */

/** The URL resolved against the app when it is one of the app's own, else undefined. */
export function ownUrl(url: string, baseUrl: string): string | undefined {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  // A path of this app: "/x", never "//host" or "/\host" (browsers read both as another host).
  const isAppPath = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
  if (!isAppPath && !/^https?:\/\//i.test(url)) return undefined;
  if (/[\u0000-\u001f\\]/.test(url)) return undefined;
  try {
    const target = new URL(url, base);
    return target.origin === base.origin ? target.href : undefined;
  } catch {
    return undefined;
  }
}

/** next-auth's `redirect` callback: the URL when it is the app's own, else the app's home. */
export function safeCallbackUrl(url: string, baseUrl: string): string {
  return ownUrl(url, baseUrl) ?? baseUrl;
}

/**
 * Where to go after signing in, as an app path (`/x?y#z`): the destination when it is a path of
 * this app, else undefined (the caller's own default then). For the sign-in page's `callbackUrl`
 * and the passkey and e-mail link buttons, which call `window.location.assign` with it.
 */
export function safeAppPath(url: unknown): string | undefined {
  if (typeof url !== "string" || !url.startsWith("/")) return undefined;
  const own = ownUrl(url, PATH_BASE);
  if (own === undefined) return undefined;
  const target = new URL(own);
  return `${target.pathname}${target.search}${target.hash}`;
}

// Any origin does: only a path resolved against it can stay on it.
const PATH_BASE = "http://app.invalid";
