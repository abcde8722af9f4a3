import { runMonthChecks, type Finding, type MonthCheckInput } from "./checks";

/**
 * What stops submit and approval (browser-safe: the page shows the same before submitting).
 *
 * - Blockers: the checks engine's blockers (features/month-close/checks: invalid values, lines for
 *   employees not in the company, an ended health insurance without a successor).
 * - Warnings: each needs an acknowledgement with a comment in the month's current round.
 *
 * A warning is acknowledged by its id (`warningId`): rule, employee, grid, line and its params.
 * The params are part of it on purpose: an acknowledgement covers exactly what the person read.
 * When a line is edited so that its warning says something else (another date, another total,
 * another change against the previous month), that is a new warning and needs a new
 * acknowledgement; an edit that leaves the warning as it was keeps it acknowledged. A new round
 * (reopen) starts without acknowledgements.
 */

/** Everything the checks read apart from the month's own lines: handed to the page once. */
export type CheckContext = Omit<MonthCheckInput, "month">;

/** The warning's stable id within a month (see above). */
export function warningId(finding: Finding): string {
  const params = Object.keys(finding.params)
    .sort()
    .map((key) => `${key}=${finding.params[key]}`)
    .join(";");
  return [finding.rule, finding.employeeId, finding.kind ?? "", finding.lineId ?? "", params].join("|");
}

export interface GateOutcome {
  blockers: Finding[];
  /** Warnings of the round not acknowledged yet. */
  unacknowledged: Finding[];
  warnings: Finding[];
}

/** Splits the findings; `acknowledged` holds the warning ids acknowledged in the current round. */
export function gateOf(findings: readonly Finding[], acknowledged: ReadonlySet<string>): GateOutcome {
  const blockers: Finding[] = [];
  const warnings: Finding[] = [];
  const unacknowledged: Finding[] = [];
  for (const finding of findings) {
    if (finding.severity === "blocker") blockers.push(finding);
    else {
      warnings.push(finding);
      if (!acknowledged.has(warningId(finding))) unacknowledged.push(finding);
    }
  }
  return { blockers, warnings, unacknowledged };
}

/** The seam the service calls: every check of the month, split for the gate. */
export function monthGate(input: MonthCheckInput, acknowledged: ReadonlySet<string>): GateOutcome {
  return gateOf(runMonthChecks(input), acknowledged);
}
