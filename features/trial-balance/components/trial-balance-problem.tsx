import "server-only";
import { MoveToV31Notice } from "@/features/accounting/components/move-to-v31-notice";
import { SignInButton } from "@/features/sign-in/components/sign-in-button";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/i18n/format";
import type { TrialBalanceLoad } from "@/features/trial-balance/load/server/load";

type Problem = Exclude<TrialBalanceLoad, { kind: "ok" }> | { kind: "signedOut" } | { kind: "unknownBusiness" };

/** What the page shows instead of figures: signed out, sign in again, or the service's refusal. */
export async function TrialBalanceProblem({ problem, here }: { problem: Problem; here: string }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  if (problem.kind === "needsV31") return <MoveToV31Notice />;
  if (problem.kind === "signedOut" || problem.kind === "reauth") {
    const signedOut = problem.kind === "signedOut";
    return (
      <section
        className="max-w-2xl space-y-3 rounded-lg border border-slate-200 bg-white p-5"
        aria-labelledby="tb-sign-in"
      >
        <h2 id="tb-sign-in" className="text-lg font-semibold">
          {signedOut ? t("trialBalance.states.signedOutTitle") : t("trialBalance.states.reauthTitle")}
        </h2>
        <p className="text-slate-700">
          {signedOut ? t("trialBalance.states.signedOutText") : t("trialBalance.states.reauthText")}
        </p>
        <SignInButton label={signedOut ? t("auth.signIn") : t("auth.signInAgain")} callbackUrl={here} />
      </section>
    );
  }
  const message = (() => {
    switch (problem.kind) {
      case "unknownBusiness":
        return t("trialBalance.states.unknownBusiness");
      case "invalid":
        return t("trialBalance.states.invalid");
      case "forbidden":
        return t(problem.reason === "tier" ? "trialBalance.states.tier" : "trialBalance.states.permission");
      case "rateLimited":
        return problem.retryAfterSeconds === null
          ? t("trialBalance.states.rateLimitedSoon")
          : t("trialBalance.states.rateLimited", { seconds: problem.retryAfterSeconds });
      case "unavailable":
        return problem.retryAt
          ? t("trialBalance.states.unavailableUntil", {
              time: formatDate(locale, new Date(problem.retryAt), { timeStyle: "short", timeZone: "UTC" }) + " UTC",
            })
          : t("trialBalance.states.unavailable");
      case "unreachable":
        return t("trialBalance.states.unreachable");
      case "badResponse":
        return t("trialBalance.states.badResponse");
    }
  })();
  // The service's own words (English) only as a detail below the translated message.
  const detail = problem.kind === "invalid" || problem.kind === "forbidden" ? problem.message : undefined;
  const retryable =
    problem.kind === "rateLimited" ||
    problem.kind === "unavailable" ||
    problem.kind === "unreachable" ||
    problem.kind === "badResponse";
  return (
    <div role="alert" className="max-w-3xl space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
      <p>{message}</p>
      {detail ? <p className="text-sm">{t("accountingError.detail", { detail })}</p> : null}
      {retryable ? (
        <a
          href={here}
          className="inline-block rounded border border-red-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-red-100"
        >
          {t("trialBalance.states.retry")}
        </a>
      ) : null}
    </div>
  );
}
