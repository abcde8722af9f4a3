import type { Metadata } from "next";
import { TransferHistory } from "@/features/payroll/components/grid/transfer-history";
import { getTranslations } from "next-intl/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payrollEntries.historyLink") };
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ companyId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <TransferHistory kind="payments" companyId={(await params).companyId} query={await searchParams} />;
}
