"use client";

import { useI18n } from "@/components/i18n-provider";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";

/** A payroll page's message when the payroll service could not give its data (role="alert"). */
export function PayrollProblem({ code }: { code: string }) {
  const { t } = useI18n();
  return (
    <Notice tone="warning" role="alert">
      {errorMessage(t, { code })}
    </Notice>
  );
}
