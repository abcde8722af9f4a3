import { NextResponse, type NextRequest } from "next/server";
import { accountingPathOf, rewriteToAccountingProxy } from "@/lib/accounting/proxy-path";
import { appOriginsFor, isSameOriginRequest, isStateChanging } from "@/lib/http/origin-check";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";

// Runs before every request: refuses cross-site state-changing requests (CSRF),
// sends /api/accounting/<path> to the accounting proxy's one route, and sets the
// security headers, with a fresh CSP nonce for each page.

const publicUrl = process.env.NEXTAUTH_URL;
const authOrigin = process.env.ACCOUNTING_AUTH_URL ? new URL(process.env.ACCOUNTING_AUTH_URL).origin : undefined;

export function proxy(request: NextRequest) {
  if (isStateChanging(request.method) && !isSameOriginRequest(request.headers, appOriginsFor(request.url, publicUrl))) {
    return withStaticHeaders(
      NextResponse.json(
        { ok: false, status: 403, error: { code: "cross_site_request", message: "Cross-site requests may not change anything." } },
        { status: 403 },
      ),
    );
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

function withStaticHeaders(response: NextResponse): NextResponse {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
