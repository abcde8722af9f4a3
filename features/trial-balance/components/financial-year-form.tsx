"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
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
        <Field
          id={`${id}-month`}
          label={t("trialBalance.financialYear.label")}
          hint={t("trialBalance.financialYear.hint")}
          hintClassName="text-slate-600"
          error={failed}
          alert
          className="flex flex-col gap-1"
        >
          {(control) => (
            <Select
              {...control}
              value={month}
              onChange={(event) => setMonth(Number(event.target.value))}
              className="w-48"
              options={MONTHS.map((value) => ({ value: String(value), label: formatMonthName(locale, value) }))}
            />
          )}
        </Field>
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
