import { warningId } from "@/features/month-close/gate";
import type { Finding } from "@/features/month-close/checks";

export interface RuleGroup {
  rule: Finding["rule"];
  /** The rule's open (not acknowledged) warnings, in the region's order. */
  warningIds: string[];
}

/**
 * The rules whose open warnings get one "acknowledge all" button: those with two or more (a
 * thousand employees without a line this month are one decision, not a thousand), and any with a
 * warning beyond the `shown` the region lists, which could not be acknowledged otherwise.
 * Ordered as the rules first appear among the warnings.
 */
export function ruleGroups(
  warnings: readonly Finding[],
  acknowledged: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  shown: number,
): RuleGroup[] {
  const groups = new Map<Finding["rule"], { warningIds: string[]; unlisted: boolean }>();
  warnings.forEach((finding, index) => {
    const id = warningId(finding);
    if (acknowledged.has(id)) return;
    const group = groups.get(finding.rule) ?? { warningIds: [], unlisted: false };
    group.warningIds.push(id);
    if (index >= shown) group.unlisted = true;
    groups.set(finding.rule, group);
  });
  return [...groups]
    .filter(([, group]) => group.warningIds.length >= 2 || group.unlisted)
    .map(([rule, group]) => ({ rule, warningIds: group.warningIds }));
}
