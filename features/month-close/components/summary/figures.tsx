import { useTranslations } from "next-intl";
import { TableHead } from "@/components/ui/table";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { numberFormat } from "@/lib/i18n/format";
import { CHANGE_LIMIT_PERCENT } from "@/features/month-close/checks/tables";
import type { Compared } from "@/features/month-close/summary/summary";

// The summary's figures for people: euros as 1.234,56 € (German) or €1,234.56, hours with up to
// two decimals, and the change in % as words and a sign, never colour alone.

export function euros(locale: Locale, cents: number): string {
  return numberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}

export function hours(locale: Locale, micros: number): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(micros / 1_000_000);
}

/** The change of a figure: "+60 %" with "up 60 %" for screen readers; "new", or a dash that says there is no comparison. */
export function Change({ value, t, locale }: { value: Compared; t: Translate; locale: Locale }) {
  if (value.change_percent === null) {
    if (value.before === 0 && value.now !== 0) {
      return (
        <span title={t("approverSummary.changeNewLong")} className="font-medium text-blue-900">
          {t("approverSummary.changeNew")}
        </span>
      );
    }
    return (
      <>
        <span aria-hidden="true" className="text-slate-500">
          –
        </span>
        <span className="sr-only">{t("approverSummary.noComparison")}</span>
      </>
    );
  }
  const percent = value.change_percent;
  const shown = numberFormat(locale, { signDisplay: "exceptZero" }).format(percent);
  const spoken =
    percent === 0
      ? t("approverSummary.changeNone")
      : t(percent > 0 ? "approverSummary.changeUp" : "approverSummary.changeDown", { percent: Math.abs(percent) });
  // Beyond the checks' change limit the figure stands out, in weight as well as colour.
  const marked = Math.abs(percent) > CHANGE_LIMIT_PERCENT;
  return (
    <>
      <span
        aria-hidden="true"
        className={marked ? (percent > 0 ? "font-semibold text-amber-900" : "font-semibold text-blue-900") : ""}
      >
        {percent > 0 ? "▲ " : percent < 0 ? "▼ " : ""}
        {shown} %
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/** A figure's columns under its group heading: this month, and compared with the last transferred one its figure and the change. */
export function SubHeaders({ now, before, comparing }: { now: string; before: string; comparing: boolean }) {
  const t = useTranslations() as Translate;
  return (
    <>
      <TableHead numeric className="border-l border-slate-200">
        {now}
      </TableHead>
      {comparing ? (
        <>
          <TableHead numeric>{before}</TableHead>
          <TableHead numeric>{t("approverSummary.change")}</TableHead>
        </>
      ) : null}
    </>
  );
}
