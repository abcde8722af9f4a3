import type { NextRequest } from "next/server";
import { getImport, postImportAction } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ importId: string }> };

export async function GET(request: NextRequest, context: Context) {
  return getImport(request, (await context.params).importId);
}

export async function POST(request: NextRequest, context: Context) {
  return postImportAction(request, (await context.params).importId);
}
