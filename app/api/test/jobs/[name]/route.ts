import { postRunJob } from "@/lib/composition/test-controls";

export const dynamic = "force-dynamic";

// Tests only (404 unless TEST_CONTROLS=true): runs a scheduled job's work now.
export const POST = postRunJob;
