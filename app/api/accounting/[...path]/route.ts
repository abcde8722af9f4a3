import type { NextRequest } from "next/server";
import { proxyAccountingRequest } from "@/lib/accounting/proxy";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: NextRequest, context: Context): Promise<Response> {
  return proxyAccountingRequest(request, (await context.params).path);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
