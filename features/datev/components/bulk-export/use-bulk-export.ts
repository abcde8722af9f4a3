"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { datevBulkApi } from "../../bulk/client/api";
import type { BulkExportInput } from "../../bulk/schemas";

/** Where the page keeps the last run it started, so a reload shows it again (the run itself is a row on the server). */
const STORED = "ledgerlane.datev-bulk-export";
const POLL_MS = 1000;

/**
 * The bulk export as the page drives it: start (one request key per dialog opening, so a double
 * click is one run), then the run read every second until it is done (TanStack Query), and the
 * overview's rows rendered again then (the months are Transferred).
 */
export function useBulkExport() {
  const router = useRouter();
  const [runId, setRunId] = useState<string | null>(null);
  useEffect(() => {
    // The run of before a reload (adjusting state once after mount: sessionStorage is the browser's).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the browser's storage
    setRunId(window.sessionStorage.getItem(STORED));
  }, []);
  const start = useMutation({
    mutationFn: (input: BulkExportInput) => datevBulkApi.start(input),
    onSuccess: (answer) => {
      window.sessionStorage.setItem(STORED, answer.id);
      setRunId(answer.id);
    },
  });
  const run = useQuery({
    queryKey: ["datev", "bulk-export", runId],
    queryFn: () => datevBulkApi.read({ bulkExportId: runId! }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.state === "done" ? false : POLL_MS),
  });
  const done = run.data?.state === "done";
  useEffect(() => {
    if (done) router.refresh();
  }, [done, router]);
  const forget = () => {
    window.sessionStorage.removeItem(STORED);
    setRunId(null);
    start.reset();
  };
  return { start, run, runId, forget };
}
