import type { Metadata } from "next";
import { EntriesScreen } from "@/components/grid/entries-screen";
import { getTranslations } from "next-intl/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("payrollEntries.hoursLink") };
}

export default async function Page({ params }: { params: Promise<{ companyId: string }> }) {
  return <EntriesScreen kind="hours" companyId={(await params).companyId} />;
}
