import { NextResponse, type NextRequest } from "next/server";
import { accountingPathOf, rewriteToAccountingProxy } from "@/features/accounting/proxy-path";
import { withSafeCallbackUrl } from "@/lib/auth/callback-url";
import { ApiError, errorResponse } from "@/lib/http/api-error";
import { appOriginsFor, isCrossSiteExempt, isSameOriginRequest, isStateChanging } from "@/lib/http/origin-check";
import { inRequestContext, requestIdOf, withRequestIdHeader } from "@/lib/http/server/request-id";
import { ALLOWED_METHODS, requestUrlProblem } from "@/lib/http/request-url";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";

// Runs before every request: refuses cross-site state-changing requests (CSRF: the one origin
// check of the app, for pages, server actions and every route under /api/**),
// sends /api/accounting/<path> to the accounting proxy's one route, and sets the
// security headers, with a fresh CSP nonce for each page. Before all that, it refuses what no
// route can answer: an unknown method (405) and a URL whose path or query is not correctly
// percent-encoded or holds a NUL (400), so no page or route ever decodes one. Its refusals carry
// the request's id (lib/http/server/request-id.ts), as every error envelope does.

const publicUrl = process.env.NEXTAUTH_URL;
const authOrigin = process.env.ACCOUNTING_AUTH_URL ? new URL(process.env.ACCOUNTING_AUTH_URL).origin : undefined;

const KNOWN_METHODS = new Set(ALLOWED_METHODS.split(", "));

export function proxy(request: NextRequest) {
  if (!KNOWN_METHODS.has(request.method)) {
    const response = refusal(request, new ApiError("method_not_allowed", `${request.method} is not allowed here.`));
    response.headers.set("allow", ALLOWED_METHODS);
    return withStaticHeaders(response);
  }
  const urlProblem = requestUrlProblem(request.nextUrl);
  if (urlProblem) return withStaticHeaders(refusal(request, new ApiError("bad_request", urlProblem)));
  const exempt = isCrossSiteExempt(request.nextUrl.pathname);
  if (
    isStateChanging(request.method) &&
    !exempt &&
    !isSameOriginRequest(request.headers, appOriginsFor(request.url, publicUrl))
  ) {
    return withStaticHeaders(refusal(request, new ApiError("cross_site_request")));
  }
  const accountingPath = accountingPathOf(request.nextUrl.pathname);
  if (accountingPath !== null) return withStaticHeaders(rewriteToAccountingProxy(request, accountingPath));
  if (request.nextUrl.pathname.startsWith("/api/auth/"))
    return withStaticHeaders(withSafeCallbackUrl(request, publicUrl ?? request.nextUrl.origin));
  if (request.nextUrl.pathname.startsWith("/api/")) {
    // No route takes form data; Next would read a multipart body sent to an unknown /api/ path
    // as a server action's form and fail with a 500.
    // The one-click unsubscribe may come as form data (RFC 8058); its route reads no body.
    if (!exempt && (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return withStaticHeaders(refusal(request, new ApiError("unsupported_media_type")));
    }
    return withStaticHeaders(NextResponse.next());
  }

  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: publicUrl?.startsWith("https:") ?? false,
    formTargets: authOrigin ? [authOrigin] : [],
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // The page's path, for the passkey gate in app/layout.tsx (which pages it leaves open).
  requestHeaders.set("x-pathname", request.nextUrl.pathname);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return withStaticHeaders(response);
}

/** The error's envelope, with the request's id in it and in its header; `status` at the top too, for the accounting proxy's readers (its envelope has one there). */
function refusal(request: NextRequest, error: ApiError): Response {
  const requestId = requestIdOf(request.headers);
  return withRequestIdHeader(
    inRequestContext(requestId, () => errorResponse(error, { status: error.status })),
    requestId,
  );
}

function withStaticHeaders<R extends Response>(response: R): R {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
