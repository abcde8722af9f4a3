import "server-only";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { FirstRunChecklist as Checklist, FirstRunStep } from "@/features/overview/server/first-run";

/** Each step's name (typed keys: a step without its text does not compile). */
const STEP_KEYS = {
  name: "overview.firstRun.steps.name",
  payroll: "overview.firstRun.steps.payroll",
  lands: "overview.firstRun.steps.lands",
  colleague: "overview.firstRun.steps.colleague",
  client: "overview.firstRun.steps.client",
} as const satisfies Record<FirstRunStep, string>;

/**
 * The owner's first-run checklist on /overview (features/overview/server/first-run.ts): each step
 * a link to where it is done, ticked once it is. Its state is said in words as well as by the
 * tick, so a screen reader hears "Done" or "To do" with each step.
 */
export async function FirstRunChecklist({ checklist }: { checklist: Checklist }) {
  const t = await getTranslations();
  return (
    <section aria-labelledby="first-run-heading" className="rounded-lg border border-blue-200 bg-blue-50 p-4">
      <h2 id="first-run-heading" className="text-lg font-semibold">
        {t("overview.firstRun.heading")}
      </h2>
      <p className="text-slate-700">{t("overview.firstRun.intro")}</p>
      <ol className="mt-3 space-y-2">
        {checklist.steps.map(({ step, done, href }) => (
          <li key={step} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span
              aria-hidden="true"
              className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full border ${
                done ? "border-green-700 bg-green-700 text-white" : "border-slate-400 bg-white"
              }`}
            >
              {done ? "✓" : ""}
            </span>
            <Link href={href} className={`underline ${done ? "text-slate-600" : "text-blue-700"}`}>
              {t(STEP_KEYS[step])}
            </Link>
            <span className={done ? "text-green-800" : "text-slate-600"}>
              {done ? t("overview.firstRun.done") : t("overview.firstRun.todo")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
