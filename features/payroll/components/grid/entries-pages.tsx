import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PayrollSuspense } from "@/features/payroll/components/connection/payroll-suspense";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import { EntriesScreen } from "./entries-screen";
import { TransferHistory } from "./transfer-history";

const TITLE = { hours: "payrollEntries.hoursLink", payments: "payrollEntries.paymentsLink" } as const;

interface PageProps {
  params: Promise<{ companyId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The pages of a company's hours and of its extra payments, which differ only in the kind: the
 * grid (`/payroll/companies/<id>/<kind>`) and its transfer history (`…/<kind>/history`). Each
 * route file names its kind and exports what this gives it.
 */
export function entriesPage(kind: EntryKind) {
  return {
    async generateMetadata(): Promise<Metadata> {
      const t = await getTranslations();
      return { title: t(TITLE[kind]) };
    },
    async Page({ params }: Pick<PageProps, "params">) {
      const t = await getTranslations();
      const { companyId } = await params;
      return (
        <PayrollSuspense heading={t(TITLE[kind])}>
          <EntriesScreen kind={kind} companyId={companyId} />
        </PayrollSuspense>
      );
    },
  };
}

export function historyPage(kind: EntryKind) {
  return {
    async generateMetadata(): Promise<Metadata> {
      const t = await getTranslations();
      return { title: t("payrollEntries.historyLink") };
    },
    async Page({ params, searchParams }: PageProps) {
      return <TransferHistory kind={kind} companyId={(await params).companyId} query={await searchParams} />;
    },
  };
}
