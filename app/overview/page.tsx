import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntlScope } from "@/components/intl-scope";
import { OverviewScreen } from "@/features/overview/components/overview-screen";
import type { RawSearchParams } from "@/features/overview/filters";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("overview.title") };
}

// The table, filters and bulk actions are client components: they get the overview's texts, and DATEV's for
// the bulk Export for DATEV (its dialog, results and the trial run's problems).
export default function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  return (
    <IntlScope namespaces={["overview", "datev"]}>
      <OverviewScreen searchParams={searchParams} />
    </IntlScope>
  );
}
