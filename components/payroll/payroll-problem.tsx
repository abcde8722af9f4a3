"use client";

import { useTranslations } from "next-intl";
import { errorText } from "./connect-form";

export function PayrollProblem({ code }: { code: string }) {
  const t = useTranslations();
  return (
    <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3">
      {errorText(t, code)}
    </p>
  );
}
