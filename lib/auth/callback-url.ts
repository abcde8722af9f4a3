/**
 * next-auth's `redirect` callback: where to go after signing in or out. The `callbackUrl` comes
 * from the query, the body or its cookie, i.e. from anyone: only a URL of this app counts, and
 * nothing may throw. (next-auth's default calls `new URL(url)` on it, so `\\evil.example` or a
 * planted cookie `ledgerlane.callback-url=%25` made every `/api/auth/*` answer 500 until the
 * cookie was cleared; the value it returns replaces the cookie.) Anything else goes home.
 */
export function safeCallbackUrl(url: string, baseUrl: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return "/";
  }
  // A path of this app: "/x", never "//host" or "/\host" (browsers read both as another host).
  const isAppPath = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
  if (!isAppPath && !/^https?:\/\//i.test(url)) return base.origin;
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return base.origin;
  }
  if (target.origin !== base.origin || /[\u0000-\u001f\\]/.test(url)) return base.origin;
  return target.href;
}
