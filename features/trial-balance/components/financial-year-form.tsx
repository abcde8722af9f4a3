"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatMonthName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { setFinancialYearAction } from "@/features/trial-balance/pack/server/actions";
import { financialYearSchema } from "@/features/trial-balance/pack/financial-year-schema";

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** The first month of the business's financial year, for everyone who works with it; the page follows at once. */
export default function FinancialYearForm({
  businessId,
  businessName,
  startMonth,
  onDone,
}: {
  businessId: string;
  businessName: string;
  startMonth: number;
  onDone: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const [month, setMonth] = useState(startMonth);
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { businessId, month };
    if (!financialYearSchema.safeParse(input).success) return setFailed(t("trialBalance.financialYear.failed"));
    setFailed(null);
    startTransition(async () => {
      const result = await setFinancialYearAction(input).catch(() => ({ ok: false }));
      if (!result.ok) {
        setFailed(t("trialBalance.financialYear.failed"));
        return;
      }
      onDone();
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="mt-2 max-w-md space-y-2 rounded border border-slate-300 bg-slate-50 p-3">
      <fieldset className="space-y-2">
        <legend className="font-medium">{t("trialBalance.financialYear.legend", { business: businessName })}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-month`}>{t("trialBalance.financialYear.label")}</label>
          <select
            id={`${id}-month`}
            value={month}
            onChange={(event) => setMonth(Number(event.target.value))}
            aria-describedby={`${id}-hint${failed ? ` ${id}-error` : ""}`}
            aria-invalid={failed ? true : undefined}
            className="w-48 rounded border border-slate-400 bg-white px-2 py-1.5"
          >
            {MONTHS.map((value) => (
              <option key={value} value={value}>
                {formatMonthName(locale, value)}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="text-slate-600">
            {t("trialBalance.financialYear.hint")}
          </p>
          {failed ? (
            <p id={`${id}-error`} role="alert" className="text-red-800">
              {failed}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending} aria-busy={pending}>
          {pending ? t("trialBalance.financialYear.saving") : t("trialBalance.financialYear.save")}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          {t("trialBalance.financialYear.cancel")}
        </Button>
      </div>
    </form>
  );
}
