import { otherTestMethod, postTestClock } from "@/lib/composition/test-controls";

export const dynamic = "force-dynamic";

// Tests only (404 unless TEST_CONTROLS=true): the app's clock follows the sandbox's.
export const POST = postTestClock;
// Every other method is absent too without TEST_CONTROLS (404, not 405).
export const GET = otherTestMethod;
export const HEAD = otherTestMethod;
export const PUT = otherTestMethod;
export const PATCH = otherTestMethod;
export const DELETE = otherTestMethod;
export const OPTIONS = otherTestMethod;
