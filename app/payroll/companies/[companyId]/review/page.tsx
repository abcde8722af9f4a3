import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PayrollSuspense } from "@/features/payroll/components/connection/payroll-suspense";
import { SummaryScreen } from "@/features/month-close/components/summary/summary-screen";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("approverSummary.link") };
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ companyId: string }>;
  searchParams: Promise<{ month?: string | string[] }>;
}) {
  const t = await getTranslations();
  const [{ companyId }, { month }] = await Promise.all([params, searchParams]);
  return (
    <PayrollSuspense heading={t("approverSummary.link")}>
      <SummaryScreen companyId={companyId} month={typeof month === "string" ? month : undefined} />
    </PayrollSuspense>
  );
}
