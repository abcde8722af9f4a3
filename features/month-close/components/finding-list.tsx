"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { Finding } from "@/features/month-close/checks";
import type { AcknowledgeTarget } from "./acknowledge-dialog";
import { FindingItem, type ShownFinding } from "./finding-item";
import { RuleFold } from "./rule-fold";
import type { RuleGroup } from "./rule-groups";

/** Listed per severity at most: beyond that the page says how many more (fix the first ones first). */
export const SHOWN = 100;

interface FindingListProps {
  title: string;
  items: Finding[];
  more: "more" | "moreWarnings";
  /** The warnings' rules acknowledgeable at once (ruleGroups), one button each. */
  groups: RuleGroup[];
  shown: (finding: Finding, index: number) => ShownFinding;
  ruleName: (rule: Finding["rule"]) => string;
  unfolded: (rule: string, count: number) => boolean;
  toggleFold: (rule: string, count: number) => void;
  canAcknowledge: boolean;
  justAcknowledged: string | null;
  setTarget: (target: AcknowledgeTarget) => void;
}

// Each rule folded to one line with its count; unfolded, its findings (SHOWN at most) with a way to each cell.
export function FindingList(props: FindingListProps) {
  const { title, items, more, groups, shown, ruleName, unfolded, toggleFold, justAcknowledged, setTarget } = props;
  const t = useTranslations();
  const locale = useLocale();
  if (!items.length) return null;
  const byRule = new Map<Finding["rule"], Finding[]>();
  for (const finding of items) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  return (
    <div>
      <h3 className="text-sm font-semibold">
        {title} ({items.length.toLocaleString(locale)})
      </h3>
      {more === "moreWarnings" && groups.length ? (
        <div role="group" aria-label={t("monthChecks.acknowledgeRules")} className="my-2 flex flex-wrap gap-2">
          {groups.map((group) => (
            <Button
              key={group.rule}
              size="sm"
              onClick={() => setTarget({ kind: "rule", warningIds: group.warningIds, ruleName: ruleName(group.rule) })}
            >
              {t("monthChecks.acknowledgeRule", { count: group.warningIds.length, rule: ruleName(group.rule) })}
            </Button>
          ))}
        </div>
      ) : null}
      <div>
        {[...byRule].map(([rule, found]) => (
          <RuleFold
            key={rule}
            ruleName={ruleName(rule)}
            severity={found[0]?.severity ?? "warning"}
            count={found.length}
            perEmployee={found.every((finding) => !finding.lineId)}
            expanded={unfolded(rule, found.length)}
            onToggle={() => toggleFold(rule, found.length)}
          >
            {() => (
              <>
                <ul>
                  {found.slice(0, SHOWN).map((finding) => {
                    const item = shown(finding, items.indexOf(finding));
                    return (
                      <FindingItem
                        key={item.key}
                        finding={item}
                        canAcknowledge={props.canAcknowledge}
                        focusAcknowledgement={justAcknowledged === item.key}
                        onAcknowledge={() =>
                          setTarget({ kind: "one", warningId: item.key, text: item.text, where: item.where })
                        }
                      />
                    );
                  })}
                </ul>
                {found.length > SHOWN ? (
                  <p className="text-sm text-slate-700">
                    {t(`monthChecks.${more === "moreWarnings" && groups.length ? "moreWarnings" : "more"}`, {
                      count: found.length - SHOWN,
                    })}
                  </p>
                ) : null}
              </>
            )}
          </RuleFold>
        ))}
      </div>
    </div>
  );
}
