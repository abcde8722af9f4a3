"use client";

import { useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import { Notice } from "@/components/ui/notice";

/** A payroll page's message when the payroll service could not give its data (role="alert"). */
export function PayrollProblem({ code }: { code: string }) {
  const t = useTranslations();
  return (
    <Notice tone="warning" role="alert">
      {errorMessage(t, { code })}
    </Notice>
  );
}
