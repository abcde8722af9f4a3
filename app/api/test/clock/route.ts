import { postTestClock } from "@/lib/composition/test-controls";

export const dynamic = "force-dynamic";

// Tests only (404 unless TEST_CONTROLS=true): the app's clock follows the sandbox's.
export const POST = postTestClock;
