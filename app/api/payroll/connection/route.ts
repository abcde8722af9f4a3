import type { NextRequest } from "next/server";
import { deleteConnection, postConnection } from "@/lib/payroll/api";

export const dynamic = "force-dynamic";

export function POST(request: NextRequest) {
  return postConnection(request);
}

export function DELETE(request: NextRequest) {
  return deleteConnection(request);
}
