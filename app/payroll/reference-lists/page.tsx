import type { Metadata } from "next";
import Link from "next/link";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { ReferenceLists } from "@/features/payroll/components/employees/reference-lists";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { formatDate } from "@/lib/i18n/format";
import { ownCountryNames } from "@/features/payroll/components/employees/country-names";
import { countryChoices } from "@/features/payroll/employees/countries";
import { getLocale, getTranslations } from "next-intl/server";
import { berlinToday } from "@/lib/dates/berlin";
import { payrollPageState, referenceListsReady } from "@/features/payroll/server/pages";
import {
  countries,
  healthInsurances,
  referenceListsFetchedAt,
} from "@/features/payroll/employees/server/reference-lists";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payroll.lists.title") };
}

export default async function ReferenceListsPage() {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const state = await payrollPageState();
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("payroll.lists.title")} />;
  if (state.kind !== "ready")
    return <PayrollProblem code={state.kind === "ambiguous" ? "ambiguous_company" : "not_connected"} />;
  await referenceListsReady(state.client);
  const source = state.client.baseUrl;
  const [insurers, countryList, fetchedAt] = await Promise.all([
    healthInsurances(source),
    countries(source),
    referenceListsFetchedAt(source),
  ]);
  return (
    <section className="space-y-5">
      <Link href="/payroll" className="text-blue-700 underline">
        {t("payroll.company.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("payroll.lists.title")}</h1>
      <p>
        {fetchedAt
          ? t("payroll.lists.fetchedAt", {
              date: formatDate(locale, fetchedAt, { dateStyle: "medium", timeStyle: "short" }),
            })
          : t("payroll.lists.never")}
      </p>
      <ReferenceLists
        insurers={insurers}
        countries={countryList}
        countryNames={Object.fromEntries(
          countryChoices(countryList, locale, ownCountryNames(t)).map((choice) => [choice.id, choice.label]),
        )}
        today={berlinToday()}
      />
    </section>
  );
}
