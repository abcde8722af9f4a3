import type { NextRequest } from "next/server";
import { listEmployees, postEmployee } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ companyId: string }> };

export async function GET(request: NextRequest, context: Context) {
  return listEmployees(request, (await context.params).companyId);
}

export async function POST(request: NextRequest, context: Context) {
  return postEmployee(request, (await context.params).companyId);
}
