import type { Metadata } from "next";
import { EntriesScreen } from "@/features/payroll/components/grid/entries-screen";
import { getTranslations } from "next-intl/server";
import { PayrollSuspense } from "@/features/payroll/components/connection/payroll-suspense";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payrollEntries.paymentsLink") };
}

export default async function Page({ params }: { params: Promise<{ companyId: string }> }) {
  const t = await getTranslations();
  const { companyId } = await params;
  return (
    <PayrollSuspense heading={t("payrollEntries.paymentsLink")}>
      <EntriesScreen kind="payments" companyId={companyId} />
    </PayrollSuspense>
  );
}
