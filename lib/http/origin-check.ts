/**
 * CSRF defence for state-changing requests: a request is accepted only when the
 * browser says it comes from this site. `Sec-Fetch-Site` is sent by every
 * current browser; `Origin` (then `Referer`) is the fallback. A request with
 * none of them is not a browser's (no victim's cookies ride along) and passes.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The one path exempt from the cross-site check: the one-click unsubscribe of RFC 8058
 * (features/mail/contract.ts), which mail providers and clients POST to from anywhere but this site.
 * Accepting it from any site is safe: that route reads no session or cookie, the signed token in
 * its path is its whole authentication (features/mail/server/unsubscribe-token.ts), and all it can do
 * is turn off e-mails for the token's person. Nothing else is exempt.
 */
const CROSS_SITE_EXEMPT = /^\/api\/mail\/unsubscribe\/[^/]+$/;

export function isCrossSiteExempt(pathname: string): boolean {
  return CROSS_SITE_EXEMPT.test(pathname);
}

export function isSameOriginRequest(headers: Headers, appOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = headers.get("origin");
  if (origin !== null) return appOrigins.includes(origin);
  if (site !== null) return true;
  const referer = headers.get("referer");
  return referer === null || appOrigins.includes(originOf(referer));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}

/** The origins this app answers on: its configured public address and the address the request was sent to. */
export function appOriginsFor(requestUrl: string, publicUrl: string | undefined): string[] {
  const origins = [new URL(requestUrl).origin];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}
