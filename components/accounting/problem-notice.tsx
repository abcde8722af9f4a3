import type { Problem } from "@/lib/accounting/outcome";
import { rememberedCountry } from "@/lib/auth/cookies";
import { getTranslator } from "@/lib/i18n/server";
import { SignInButton } from "../auth/sign-in-button";
import { MoveToV31Notice } from "./move-to-v31-notice";

/** A page's message when the accounting service could not give its data; never a broken page. */
export async function ProblemNotice({ problem }: { problem: Problem }) {
  const { t } = await getTranslator();
  if (problem.kind === "needs_v3_1") return <MoveToV31Notice />;
  if (problem.kind === "reauth" || problem.kind === "not_connected") {
    return (
      <section role="alert" className="max-w-2xl space-y-3 rounded border border-amber-300 bg-amber-50 p-4">
        <h2 className="text-lg font-semibold">{t("connection.reauthTitle")}</h2>
        <p>{problem.kind === "reauth" ? t("connection.reauthText") : t("connection.notConnectedText")}</p>
        <SignInButton label={t("auth.signInAgain")} country={await rememberedCountry()} />
      </section>
    );
  }
  const text =
    problem.kind === "unavailable"
      ? t("accountingError.unavailable")
      : problem.kind === "network"
        ? t(problem.timedOut ? "accountingError.notAnswering" : "accountingError.network")
        : problem.kind === "forbidden"
          ? t("accountingError.refused")
          : problem.kind === "not_found"
            ? t("business.notFound")
            : t("accountingError.failed");
  // The service's own text (English) only as a detail below the translated message.
  const detail = problem.kind === "forbidden" || problem.kind === "other" ? problem.message : undefined;
  return (
    <div role="alert" className="max-w-2xl rounded border border-red-300 bg-red-50 p-4 text-red-900">
      <p>{text}</p>
      {detail ? <p className="mt-1 text-sm">{t("accountingError.detail", { detail })}</p> : null}
    </div>
  );
}
