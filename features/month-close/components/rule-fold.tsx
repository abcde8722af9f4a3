"use client";

import { useId, type ReactNode } from "react";
import { useTranslations } from "next-intl";

interface RuleFoldProps {
  ruleName: string;
  severity: "blocker" | "warning";
  /** The rule's findings on this page. */
  count: number;
  /** About employees' months (no line): counted as employees, else as lines. */
  perEmployee: boolean;
  expanded: boolean;
  onToggle: () => void;
  /** The rule's findings, rendered only while unfolded (a thousand employees may have one each). */
  children: () => ReactNode;
}

/**
 * One rule of the Checks region folded to one line with its count ("No lines · 12 employees"), a
 * disclosure button (aria-expanded) that unfolds its findings.
 */
export function RuleFold({ ruleName, severity, count, perEmployee, expanded, onToggle, children }: RuleFoldProps) {
  const t = useTranslations();
  const listId = useId();
  const counted = t(perEmployee ? "monthChecks.ruleEmployees" : "monthChecks.ruleLines", { count });
  return (
    <div className="border-t border-slate-200 first:border-t-0" data-rule-fold={severity}>
      <button
        type="button"
        aria-expanded={expanded}
        // Points at the findings only while they are in the page.
        aria-controls={expanded ? listId : undefined}
        onClick={onToggle}
        className="flex w-full items-center gap-2 rounded py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <span
          aria-hidden="true"
          className={`inline-block w-3 text-slate-600 transition-transform ${expanded ? "rotate-90" : ""}`}
        >
          ▸
        </span>
        <span className="min-w-0 flex-1">
          <span className="font-medium">{ruleName}</span> · <span className="text-slate-700">{counted}</span>
        </span>
      </button>
      {expanded ? (
        <div id={listId} className="pb-2 pl-5">
          {children()}
        </div>
      ) : null}
    </div>
  );
}
