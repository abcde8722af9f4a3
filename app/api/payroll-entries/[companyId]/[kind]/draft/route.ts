import type { NextRequest } from "next/server";
import { getDraft, putDraft } from "@/lib/payroll-entries/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ companyId: string; kind: string }> };

export async function GET(request: NextRequest, context: Context) {
  const { companyId, kind } = await context.params;
  return getDraft(request, companyId, kind);
}

export async function PUT(request: NextRequest, context: Context) {
  const { companyId, kind } = await context.params;
  return putDraft(request, companyId, kind);
}
