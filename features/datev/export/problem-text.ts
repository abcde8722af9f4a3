import type { Translate } from "@/lib/i18n/translate";
import { keyUnder } from "@/lib/i18n/translate";

/** A trial-run problem (features/datev/export/plan.ts) as a sentence naming the employee and the line. */
export function problemText(t: Translate, problem: Record<string, unknown>): string {
  const text = (key: string) => String(problem[key] ?? "");
  const where =
    "employee" in problem
      ? t("datev.problems.where", { employee: text("employee"), kind: text("kind"), line: text("line") })
      : "";
  const key = keyUnder(t, "datev.problems", text("code"));
  if (!key) return `${where}: ${text("code")}`;
  return t(key, {
    where,
    type: text("type"),
    value: text("value"),
    max: text("max"),
    carries: text("carries"),
    field: text("field"),
    characters: text("characters"),
    date: text("date"),
    period: text("period"),
  });
}
