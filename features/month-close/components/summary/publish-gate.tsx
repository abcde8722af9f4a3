"use client";

import { useEffect } from "react";
import { publishChecksSummary, type ChecksSummary } from "../checks-store";

/**
 * Hands the summary's check counts to the Month status panel, which holds Approve back (and says
 * why) while blockers or unacknowledged warnings remain, as on the grid pages; the server refuses anyway.
 */
export function PublishGate({ counts }: { counts: ChecksSummary }) {
  const { blockers, unacknowledged } = counts;
  useEffect(() => {
    publishChecksSummary({ blockers, unacknowledged });
    return () => publishChecksSummary(null);
  }, [blockers, unacknowledged]);
  return null;
}
