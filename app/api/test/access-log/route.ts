import { otherTestMethod, postTestAccessLog } from "@/lib/composition/test-controls";

export const dynamic = "force-dynamic";

// Tests only (404 unless TEST_CONTROLS=true): page views are logged or not (the grid bench), the access log written now.
export const POST = postTestAccessLog;
// Every other method is absent too without TEST_CONTROLS (404, not 405).
export const GET = otherTestMethod;
export const HEAD = otherTestMethod;
export const PUT = otherTestMethod;
export const PATCH = otherTestMethod;
export const DELETE = otherTestMethod;
export const OPTIONS = otherTestMethod;
