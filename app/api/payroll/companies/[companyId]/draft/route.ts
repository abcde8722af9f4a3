import type { NextRequest } from "next/server";
import { deleteDraftRoute, putDraft } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ companyId: string }> };

export async function PUT(request: NextRequest, context: Context) {
  return putDraft(request, (await context.params).companyId);
}

export async function DELETE(request: NextRequest, context: Context) {
  return deleteDraftRoute(request, (await context.params).companyId);
}
