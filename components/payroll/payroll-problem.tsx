"use client";

import { useI18n } from "@/components/i18n-provider";
import { errorText } from "./connect-form";

export function PayrollProblem({ code }: { code: string }) {
  const { t } = useI18n();
  return (
    <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3">
      {errorText(t, code)}
    </p>
  );
}
