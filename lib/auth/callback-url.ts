import { NextResponse, type NextRequest } from "next/server";
import { ownUrl } from "./own-url";

/**
 * Where to go after signing in or out. The `callbackUrl` comes from the query, the body or its
 * cookie, i.e. from anyone: only a URL of this app counts, and nothing may throw. next-auth
 * refuses a query value or cookie it cannot parse (`\\evil.example`, a planted cookie
 * `ledgerlane.callback-url=%25`) with a 500 on every `/api/auth/*` request until the cookie is
 * cleared, and its default `redirect` callback throws on them too. So: proxy.ts drops such a
 * value before next-auth sees it (`withSafeCallbackUrl`), and the `redirect` callback
 * (`safeCallbackUrl`, ./own-url.ts, which the browser and the sign-in page use too) sends anything not
 * of this app home.
 */

const CALLBACK_URL_COOKIE = /^(__Secure-)?ledgerlane\.callback-url$/;

/**
 * For proxy.ts, on `/api/auth/*`: a `callbackUrl` query value that is not the app's own sends the
 * browser to the same URL without it; such a cookie is dropped from the request and cleared in
 * the browser; anything else passes untouched.
 */
export function withSafeCallbackUrl(request: NextRequest, baseUrl: string): NextResponse {
  const param = request.nextUrl.searchParams.get("callbackUrl");
  const badParam = param !== null && ownUrl(param, baseUrl) === undefined;
  const badCookies = request.cookies
    .getAll()
    .filter((cookie) => CALLBACK_URL_COOKIE.test(cookie.name) && ownUrl(cookie.value, baseUrl) === undefined)
    .map((cookie) => cookie.name);
  if (!badParam && badCookies.length === 0) return NextResponse.next();
  for (const name of badCookies) request.cookies.delete(name);
  const headers = new Headers(request.headers);
  headers.set("cookie", request.cookies.toString());
  let response: NextResponse;
  if (badParam) {
    // A rewrite would keep the original query (Next merges it in): send the browser to the same
    // URL without it instead (307 keeps the method and body).
    const url = request.nextUrl.clone();
    url.searchParams.delete("callbackUrl");
    response = NextResponse.redirect(url, 307);
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  for (const name of badCookies)
    response.cookies.set({
      name,
      value: "",
      path: "/",
      maxAge: 0,
      secure: name.startsWith("__Secure-"),
      httpOnly: true,
      sameSite: "lax",
    });
  return response;
}
