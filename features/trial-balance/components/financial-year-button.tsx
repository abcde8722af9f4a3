"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatMonthName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

export interface FinancialYear {
  /** 1–12. */
  startMonth: number;
  /** null: no business known yet (nothing to set it on). */
  businessId: string | null;
  businessName: string | null;
}

// The form is fetched only when someone opens it.
const FinancialYearForm = dynamic(() => import("./financial-year-form"), { ssr: false });

/** "Financial year: starts in April", opening the form that changes it for the business. */
export function FinancialYearButton({ financialYear }: { financialYear: FinancialYear }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(false);
  if (!financialYear.businessId) return null;
  return (
    <div className="text-sm">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="text-blue-800 underline underline-offset-2"
      >
        {t("trialBalance.financialYear.button", { month: formatMonthName(locale, financialYear.startMonth) })}
      </button>
      {open ? (
        <FinancialYearForm
          businessId={financialYear.businessId}
          businessName={financialYear.businessName ?? financialYear.businessId}
          startMonth={financialYear.startMonth}
          onDone={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
