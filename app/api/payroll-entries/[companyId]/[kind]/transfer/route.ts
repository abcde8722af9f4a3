import type { NextRequest } from "next/server";
import { postTransfer } from "@/lib/payroll-entries/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ companyId: string; kind: string }> };

export async function POST(request: NextRequest, context: Context) {
  const { companyId, kind } = await context.params;
  return postTransfer(request, companyId, kind);
}
