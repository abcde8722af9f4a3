import type { NextRequest } from "next/server";
import { proxyAccountingRequest } from "@/lib/accounting/proxy";

// Serves /api/accounting/<path>: proxy.ts rewrites those URLs here (see lib/accounting/proxy-path.ts).
export const dynamic = "force-dynamic";

function handle(request: NextRequest): Promise<Response> {
  return proxyAccountingRequest(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
