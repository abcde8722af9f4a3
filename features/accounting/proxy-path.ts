import { NextResponse, type NextRequest } from "next/server";

/**
 * The browser calls the accounting proxy at `/api/accounting/<path below {base_url}>`.
 * proxy.ts maps every such URL onto the one static route `/api/accounting`, with the path in
 * ACCOUNTING_PATH_HEADER: a catch-all segment costs Next about 0.15 ms of CPU per request
 * (it compiles the route's patterns again for each one), and this is the app's busiest route.
 */
export const ACCOUNTING_PROXY_PATH = "/api/accounting";
export const ACCOUNTING_PATH_HEADER = "x-ledgerlane-accounting-path";

/** "/api/accounting/user" → "/user"; "/api/accounting" → ""; any other path → null. */
export function accountingPathOf(pathname: string): string | null {
  if (!pathname.startsWith(ACCOUNTING_PROXY_PATH)) return null;
  const rest = pathname.slice(ACCOUNTING_PROXY_PATH.length);
  return rest === "" || rest.startsWith("/") ? rest : null;
}

/** The rewrite onto the static route; the header is always set here, so a browser's own value never counts. */
export function rewriteToAccountingProxy(request: NextRequest, upstreamPath: string): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(ACCOUNTING_PATH_HEADER, upstreamPath);
  const url = request.nextUrl.clone();
  url.pathname = ACCOUNTING_PROXY_PATH;
  return NextResponse.rewrite(url, { request: { headers } });
}
