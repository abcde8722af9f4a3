import type { NextRequest } from "next/server";
import { postReferenceListsRefresh } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

export function POST(request: NextRequest) {
  return postReferenceListsRefresh(request);
}
