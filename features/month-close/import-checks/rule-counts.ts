import type { Finding } from "../checks";

export interface RuleCount {
  rule: Finding["rule"];
  severity: Finding["severity"];
  before: number;
  after: number;
}

/** Findings per rule before and after an import: the rules that have any after it, or changed, blockers first. */
export function ruleCounts(before: readonly Finding[], after: readonly Finding[]): RuleCount[] {
  const counts = new Map<string, RuleCount>();
  const count = (findings: readonly Finding[], side: "before" | "after") => {
    for (const finding of findings) {
      const entry = counts.get(finding.rule) ?? { rule: finding.rule, severity: finding.severity, before: 0, after: 0 };
      entry[side] += 1;
      counts.set(finding.rule, entry);
    }
  };
  count(before, "before");
  count(after, "after");
  return [...counts.values()]
    .filter((entry) => entry.after > 0 || entry.before !== entry.after)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "blocker" ? -1 : 1));
}
