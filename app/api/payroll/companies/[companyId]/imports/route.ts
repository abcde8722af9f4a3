import type { NextRequest } from "next/server";
import { postImport } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ companyId: string }> };

export async function POST(request: NextRequest, context: Context) {
  return postImport(request, (await context.params).companyId);
}
