"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDay } from "@/lib/i18n/format";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { payrollApi } from "@/lib/payroll/client/api";
import { hasEnded, type Country, type HealthInsurance } from "@/lib/payroll/employees/insurers";
import { payrollKeys } from "@/lib/payroll/query-keys";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** `countryNames`: each country's name in the person's language, made on the server (the browser's names may differ from Node's). */
export function ReferenceLists({
  insurers,
  countries,
  countryNames,
  today,
}: {
  insurers: HealthInsurance[];
  countries: Country[];
  countryNames: Record<number, string>;
  today: string;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [query, setQuery] = useState("");
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => payrollApi.refreshReferenceLists({}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.referenceLists() });
      router.refresh();
    },
  });
  const refreshing = refresh.isPending;
  const message = refresh.isSuccess
    ? t("payroll.lists.refreshed", { insurers: refresh.data.counts.insurers, countries: refresh.data.counts.countries })
    : refresh.isError
      ? errorMessage(t, refresh.error)
      : null;
  const deferred = useDeferredValue(query);
  const byNumber = useMemo(() => new Map(insurers.map((insurer) => [insurer.number, insurer])), [insurers]);
  const shown = useMemo(() => {
    const needle = deferred.trim().toLocaleLowerCase();
    return needle
      ? insurers.filter((insurer) => insurer.name.toLocaleLowerCase().includes(needle) || insurer.number.includes(needle))
      : insurers;
  }, [insurers, deferred]);

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refreshing} aria-busy={refreshing}>
          {refreshing ? t("payroll.lists.refreshing") : t("payroll.lists.refresh")}
        </Button>
        <p role="status">{message}</p>
      </div>
      <section aria-labelledby="insurers-title" className="space-y-2">
        <h2 id="insurers-title" className="text-xl font-semibold">
          {t("payroll.lists.insurers")}
        </h2>
        <label htmlFor="insurer-search" className="block text-sm font-medium">
          {t("payroll.lists.search")}
        </label>
        <input
          id="insurer-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="rounded border border-slate-400 px-3 py-1.5"
        />
        <p className="text-sm text-slate-600">{t("payroll.lists.count", { shown: shown.length, total: insurers.length })}</p>
        <ScrollRegion label={t("payroll.lists.insurers")}>
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2">
                  {t("payroll.lists.number")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.name")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.from")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.to")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.status")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.successor")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((insurer) => {
                const successor = insurer.replacement ? byNumber.get(insurer.replacement) : undefined;
                const ended = hasEnded(insurer, today);
                const notYet = insurer.availableFrom !== null && insurer.availableFrom > today;
                return (
                  <tr key={insurer.number} className="border-t border-slate-200">
                    <td className="p-2 tabular-nums">{insurer.number}</td>
                    <td className="p-2">{insurer.name}</td>
                    <td className="p-2 tabular-nums">{formatDay(locale, insurer.availableFrom)}</td>
                    <td className="p-2 tabular-nums">{formatDay(locale, insurer.availableTo)}</td>
                    <td className="p-2">
                      {ended ? (
                        <span className="rounded bg-red-100 px-1.5 text-red-800">{t("payroll.lists.ended")}</span>
                      ) : notYet ? (
                        t("payroll.lists.notYet")
                      ) : (
                        t("payroll.lists.active")
                      )}
                    </td>
                    <td className="p-2">{successor ? `${successor.name} (${successor.number})` : (insurer.replacement ?? "")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
      <section aria-labelledby="countries-title" className="space-y-2">
        <h2 id="countries-title" className="text-xl font-semibold">
          {t("payroll.lists.countries")}
        </h2>
        <ScrollRegion label={t("payroll.lists.countries")}>
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2">
                  {t("payroll.lists.countryId")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.name")}
                </th>
                <th scope="col" className="p-2">
                  {t("payroll.lists.nationality")}
                </th>
              </tr>
            </thead>
            <tbody>
              {countries.map((country) => (
                <tr key={country.id} className="border-t border-slate-200">
                  <td className="p-2 tabular-nums">{country.id}</td>
                  <td className="p-2">{countryNames[country.id] ?? country.name}</td>
                  <td className="p-2">{country.nationality}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
    </div>
  );
}
