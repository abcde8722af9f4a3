"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { storedLinesOf } from "@/features/payroll/entries/stored-lines";
import type { Finding } from "@/features/month-close/checks";
import type { ChecksPageData } from "@/features/month-close/server/page-data";
import { ENTRY_KINDS, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { ChecksRunner } from "./checks-runner";
import { usePublishedGrid } from "./checks-store";

/** Quiet time after an edit before the checks run again (a paste or fast typing is one run). */
const SETTLE_MS = 300;

export type ChecksStatus = "running" | "done" | "failed";

/**
 * The month's checks on this page, re-run in the worker as the grid's lines change: the page's
 * own kind from the live grid (features/month-close/components/checks-store.ts), the other kind as the
 * server stored it. The main thread only copies the lines out of the grid and posts them.
 */
export function useMonthChecks(data: ChecksPageData, kind: EntryKind, period: string) {
  const published = usePublishedGrid();
  const model = published?.kind === kind ? published.model : null;
  // `runs` and `ms` (copying the lines out of the grid to the findings back here) are shown on the region for the browser bench.
  const [result, setResult] = useState<{
    findings: Finding[];
    lines: Record<EntryKind, readonly StoredLine[]>;
    runs: number;
    ms: number;
  } | null>(null);
  const [status, setStatus] = useState<ChecksStatus>("running");
  // One worker per page, made on first use (there is no Worker while the server renders) and anew for a new context.
  const runnerRef = useRef<{ context: ChecksPageData["context"]; runner: ChecksRunner } | null>(null);
  useEffect(() => () => runnerRef.current?.runner.dispose(), []);

  useEffect(() => {
    let runner: ChecksRunner;
    try {
      if (runnerRef.current?.context !== data.context) {
        runnerRef.current?.runner.dispose();
        runnerRef.current = { context: data.context, runner: new ChecksRunner(data.context) };
      }
      runner = runnerRef.current.runner;
    } catch {
      runnerRef.current = null;
      void Promise.resolve().then(() => setStatus("failed"));
      return;
    }
    let timer: number | undefined;
    let checkedVersion = model?.version ?? -1;
    const run = () => {
      const started = performance.now();
      const lines: Record<EntryKind, readonly StoredLine[]> = {
        ...data.lines,
        ...(model ? { [kind]: storedLinesOf(model) } : {}),
      };
      setStatus("running");
      runner.run(period, lines.hours, lines.payments).then(
        (answer) => {
          if (!answer) return;
          const ms = performance.now() - started;
          setResult((before) => ({ findings: answer.findings, lines, runs: (before?.runs ?? 0) + 1, ms }));
          setStatus("done");
        },
        () => setStatus("failed"),
      );
    };
    run();
    if (!model) return;
    const unsubscribe = model.subscribe(() => {
      if (model.version === checkedVersion) return;
      checkedVersion = model.version;
      // The findings shown are of lines since changed: say so at once, not only once the settle time
      // is over (an acknowledgement made meanwhile would name warnings the server no longer finds).
      setStatus("running");
      window.clearTimeout(timer);
      timer = window.setTimeout(run, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [data.lines, data.context, model, kind, period]);

  // Each line's number among its employee's lines of its kind, as the grid counts them.
  const lineNumbers = useMemo(() => {
    const numbers = new Map<string, number>();
    if (!result) return numbers;
    for (const entryKind of ENTRY_KINDS) {
      const counts = new Map<number, number>();
      for (const line of result.lines[entryKind]) {
        const next = (counts.get(line.employee_id) ?? 0) + 1;
        counts.set(line.employee_id, next);
        numbers.set(`${entryKind}:${line.id}`, next);
      }
    }
    return numbers;
  }, [result]);

  /** Where to jump for an employee's finding without a line: their first line, this page's kind first. */
  const firstLineOf = (employeeId: number): { kind: EntryKind; lineId: string } | null => {
    if (!result) return null;
    for (const entryKind of [kind, ...ENTRY_KINDS.filter((other) => other !== kind)]) {
      const line = result.lines[entryKind].find((candidate) => candidate.employee_id === employeeId);
      if (line) return { kind: entryKind, lineId: line.id };
    }
    return null;
  };

  return {
    findings: result?.findings ?? null,
    status,
    lineNumbers,
    firstLineOf,
    timing: result ? { runs: result.runs, ms: result.ms } : null,
  };
}
