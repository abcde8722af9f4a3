"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDay } from "@/lib/i18n/format";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { payrollApi } from "@/features/payroll/client/api";
import { hasEnded, type Country, type HealthInsurance } from "@/features/payroll/employees/insurers";
import { payrollKeys } from "@/features/payroll/query-keys";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Table, TableCell, TableRow } from "@/components/ui/table";

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
      ? insurers.filter(
          (insurer) => insurer.name.toLocaleLowerCase().includes(needle) || insurer.number.includes(needle),
        )
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
        <Field compact className="space-y-2" id="insurer-search" label={t("payroll.lists.search")}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="rounded border border-slate-400 px-3 py-1.5"
            />
          )}
        </Field>
        <p className="text-sm text-slate-600">
          {t("payroll.lists.count", { shown: shown.length, total: insurers.length })}
        </p>
        <ScrollRegion label={t("payroll.lists.insurers")}>
          <Table
            columns={[
              t("payroll.lists.number"),
              t("payroll.lists.name"),
              t("payroll.lists.from"),
              t("payroll.lists.to"),
              t("payroll.lists.status"),
              t("payroll.lists.successor"),
            ]}
          >
            {shown.map((insurer) => {
              const successor = insurer.replacement ? byNumber.get(insurer.replacement) : undefined;
              const ended = hasEnded(insurer, today);
              const notYet = insurer.availableFrom !== null && insurer.availableFrom > today;
              return (
                <TableRow key={insurer.number}>
                  <TableCell numeric>{insurer.number}</TableCell>
                  <TableCell>{insurer.name}</TableCell>
                  <TableCell numeric>{formatDay(locale, insurer.availableFrom)}</TableCell>
                  <TableCell numeric>{formatDay(locale, insurer.availableTo)}</TableCell>
                  <TableCell>
                    {ended ? (
                      <span className="rounded bg-red-100 px-1.5 text-red-800">{t("payroll.lists.ended")}</span>
                    ) : notYet ? (
                      t("payroll.lists.notYet")
                    ) : (
                      t("payroll.lists.active")
                    )}
                  </TableCell>
                  <TableCell>
                    {successor ? `${successor.name} (${successor.number})` : (insurer.replacement ?? "")}
                  </TableCell>
                </TableRow>
              );
            })}
          </Table>
        </ScrollRegion>
      </section>
      <section aria-labelledby="countries-title" className="space-y-2">
        <h2 id="countries-title" className="text-xl font-semibold">
          {t("payroll.lists.countries")}
        </h2>
        <ScrollRegion label={t("payroll.lists.countries")}>
          <Table columns={[t("payroll.lists.countryId"), t("payroll.lists.name"), t("payroll.lists.nationality")]}>
            {countries.map((country) => (
              <TableRow key={country.id}>
                <TableCell numeric>{country.id}</TableCell>
                <TableCell>{countryNames[country.id] ?? country.name}</TableCell>
                <TableCell>{country.nationality}</TableCell>
              </TableRow>
            ))}
          </Table>
        </ScrollRegion>
      </section>
    </div>
  );
}
