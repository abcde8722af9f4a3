import { NextResponse, type NextRequest } from "next/server";
import { accountingPathOf, rewriteToAccountingProxy } from "@/lib/accounting/proxy-path";
import { ApiError, errorResponse } from "@/lib/http/api-error";
import { appOriginsFor, isSameOriginRequest, isStateChanging } from "@/lib/http/origin-check";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";

// Runs before every request: refuses cross-site state-changing requests (CSRF: the one origin
// check of the app, for pages, server actions and every route under /api/**),
// sends /api/accounting/<path> to the accounting proxy's one route, and sets the
// security headers, with a fresh CSP nonce for each page.

const publicUrl = process.env.NEXTAUTH_URL;
const authOrigin = process.env.ACCOUNTING_AUTH_URL ? new URL(process.env.ACCOUNTING_AUTH_URL).origin : undefined;

export function proxy(request: NextRequest) {
  if (isStateChanging(request.method) && !isSameOriginRequest(request.headers, appOriginsFor(request.url, publicUrl))) {
    // `status` too, for the accounting proxy's readers (its envelope has one at the top).
    return withStaticHeaders(errorResponse(new ApiError("cross_site_request"), { status: 403 }));
  }
  const accountingPath = accountingPathOf(request.nextUrl.pathname);
  if (accountingPath !== null) return withStaticHeaders(rewriteToAccountingProxy(request, accountingPath));
  if (request.nextUrl.pathname.startsWith("/api/")) return withStaticHeaders(NextResponse.next());

  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: publicUrl?.startsWith("https:") ?? false,
    formTargets: authOrigin ? [authOrigin] : [],
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return withStaticHeaders(response);
}

function withStaticHeaders<R extends Response>(response: R): R {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
