import type { Metadata } from "next";
import { Suspense } from "react";
import { EntriesScreen } from "@/components/grid/entries-screen";
import { PayrollLoading } from "@/components/payroll/payroll-problem";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("payrollEntries.paymentsLink") };
}

export default async function Page({ params }: { params: Promise<{ companyId: string }> }) {
  const { t } = await getTranslator();
  const { companyId } = await params;
  // The heading streams at once; the grid follows when the payroll service answers (or the page's deadline passes).
  return (
    <Suspense
      fallback={
        <section className="space-y-4">
          <h1 className="text-2xl font-bold">{t("payrollEntries.paymentsLink")}</h1>
          <PayrollLoading />
        </section>
      }
    >
      <EntriesScreen kind="payments" companyId={companyId} />
    </Suspense>
  );
}
