"use client";

import { useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";

/**
 * A payroll page's message when the payroll service could not give its data (role="alert").
 * `ambiguous_company`: two of the workspace's connections reach the company and none is chosen.
 */
export function PayrollProblem({ code }: { code: string }) {
  const t = useTranslations();
  return (
    <Notice tone="warning" role="alert">
      {/* `not_answering`: the page's own deadline passed, not a code an API answered. */}
      {code === "not_answering"
        ? t("payrollErrors.notAnswering")
        : code === "ambiguous_company"
          ? t("payrollErrors.ambiguousCompany")
          : errorMessage(t, { code })}
    </Notice>
  );
}

/** The stand-in of a page's part that waits for the payroll service. */
export function PayrollLoading() {
  const t = useTranslations();
  return (
    <p role="status" aria-live="polite" className="text-slate-700">
      {t("payrollErrors.loading")}
    </p>
  );
}
