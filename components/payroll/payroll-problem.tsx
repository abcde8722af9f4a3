"use client";

import { useI18n } from "@/components/i18n-provider";
import { errorText } from "./connect-form";

export function PayrollProblem({ code }: { code: string }) {
  const { t } = useI18n();
  return (
    <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3">
      {code === "not_answering" ? t("payroll.errors.notAnswering") : errorText(t, code)}
    </p>
  );
}

/** The stand-in of a page's part that waits for the payroll service. */
export function PayrollLoading() {
  const { t } = useI18n();
  return (
    <p role="status" aria-live="polite" className="text-slate-600">
      {t("payroll.errors.loading")}
    </p>
  );
}
