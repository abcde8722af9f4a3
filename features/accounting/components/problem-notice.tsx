import "server-only";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";
import type { Problem } from "@/features/accounting/server/outcome";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "../../sign-in/components/sign-in-button";
import { MoveToV31Notice } from "./move-to-v31-notice";

/** A page's message when the accounting service could not give its data; never a broken page. */
export async function ProblemNotice({ problem }: { problem: Problem }) {
  const t = await getTranslations();
  if (problem.kind === "needs_v3_1") return <MoveToV31Notice />;
  if (problem.kind === "reauth" || problem.kind === "not_connected") {
    return (
      <Notice tone="warning" role="alert" className="max-w-2xl">
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">{t("connection.reauthTitle")}</h2>
          <p>{problem.kind === "reauth" ? t("connection.reauthText") : t("connection.notConnectedText")}</p>
          <SignInButton label={t("auth.signInAgain")} country={await rememberedCountry()} />
        </div>
      </Notice>
    );
  }
  if (problem.kind === "not_found") {
    return (
      <Notice tone="error" className="max-w-2xl">
        {t("business.notFound")}
      </Notice>
    );
  }
  // The text comes from the one code-to-text mapping; the service's own words (English) follow as a detail.
  const code =
    problem.kind === "unavailable"
      ? "unavailable"
      : problem.kind === "network"
        ? "upstream_unreachable"
        : problem.kind === "forbidden"
          ? "forbidden"
          : "upstream_error";
  const text =
    problem.kind === "network" && problem.timedOut
      ? t("accountingError.notAnswering")
      : errorMessage(t, { code }, "accounting");
  const detail = problem.kind === "forbidden" || problem.kind === "other" ? problem.message : undefined;
  return (
    <Notice tone="error" className="max-w-2xl">
      <p>{text}</p>
      {detail ? <p className="text-sm">{t("accountingError.detail", { detail })}</p> : null}
    </Notice>
  );
}
