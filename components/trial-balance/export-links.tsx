import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";

/**
 * The pack's downloads (PDF, CSV, Excel): plain links to the export route with the page's query,
 * so the server writes them (the PDF library never reaches the browser) and they hold what the
 * page shows: its columns, groups, subtotals and grand total.
 */
export function ExportLinks({ query }: { query: string }) {
  const t = useTranslations();
  const href = (format: "pdf" | "csv" | "xlsx") => `/api/trial-balance/export?format=${format}&${query}`;
  const link = buttonClassName("secondary", "sm", "inline-block no-underline");
  return (
    <>
      <a className={link} href={href("pdf")} download>
        {t("trialBalance.export.pdf")}
      </a>
      <a className={link} href={href("csv")} download>
        {t("trialBalance.export.csv")}
      </a>
      <a className={link} href={href("xlsx")} download>
        {t("trialBalance.export.xlsx")}
      </a>
    </>
  );
}
