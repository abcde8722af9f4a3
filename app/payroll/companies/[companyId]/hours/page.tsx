import type { Metadata } from "next";
import { EntriesScreen } from "@/components/grid/entries-screen";
import { PayrollSuspense } from "@/components/payroll/payroll-suspense";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("payrollEntries.hoursLink") };
}

export default async function Page({ params }: { params: Promise<{ companyId: string }> }) {
  const { t } = await getTranslator();
  const { companyId } = await params;
  return (
    <PayrollSuspense heading={t("payrollEntries.hoursLink")}>
      <EntriesScreen kind="hours" companyId={companyId} />
    </PayrollSuspense>
  );
}
