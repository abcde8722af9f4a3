import { entriesPage } from "@/features/payroll/components/grid/entries-pages";

export const dynamic = "force-dynamic";

const page = entriesPage("hours");
export const generateMetadata = page.generateMetadata;
export default page.Page;
