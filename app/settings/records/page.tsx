import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { AuditSigningKey } from "@/features/audit-trail/components/signing-key";
import { RetentionForm } from "@/features/records/components/retention-form";
import { SocialAuditDates } from "@/features/records/components/social-audit-dates";
import { recordsPageData } from "@/features/records/server/page-data";
import { TaxAuditExportForm } from "@/features/record-exports/components/tax-audit-export-form";
import { ProcedureButton } from "@/features/record-exports/components/procedure-button";
import { now } from "@/lib/clock";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { can } from "@/features/workspaces/permissions";
import { getSessionUser } from "@/lib/auth/server/session";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("records.title") };
}

/**
 * /settings/records (issue #38 §3–§5): the firm reads how long each class of record is kept and
 * an owner lengthens a period; clients never see it.
 */
export default async function RecordsSettingsPage() {
  const [t, locale, user] = await Promise.all([getTranslations(), getLocale() as Promise<Locale>, getSessionUser()]);
  notForClients(user);
  if (!user?.workspace) return <SignedOutNotice heading={t("records.title")} />;
  const { workspace } = user;
  const owner = can(workspace.roles, "workspace.manage");
  const data = await recordsPageData(workspace.id, locale);
  return (
    <section className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{t("records.title")}</h1>
      <p className="text-slate-700">{t("records.intro", { workspace: workspace.name })}</p>
      <section aria-labelledby="retention-heading" className="space-y-2">
        <h2 id="retention-heading" className="text-xl font-semibold">
          {t("records.retentionHeading")}
        </h2>
        <RetentionForm workspaceId={workspace.id} owner={owner} initial={data.years} />
      </section>
      <section aria-labelledby="social-audits-heading" className="space-y-2">
        <h2 id="social-audits-heading" className="text-xl font-semibold">
          {t("records.auditsHeading")}
        </h2>
        <p className="text-slate-700">{t("records.auditsIntro")}</p>
        <SocialAuditDates workspaceId={workspace.id} owner={owner} companies={data.companies} />
      </section>
      <section aria-labelledby="tax-audit-heading" className="space-y-2" data-slot="tax-audit-export">
        <h2 id="tax-audit-heading" className="text-xl font-semibold">
          {t("recordExports.taxAudit.heading")}
        </h2>
        <p className="text-slate-700">{t("recordExports.taxAudit.intro")}</p>
        {owner ? (
          <TaxAuditExportForm
            workspaceId={workspace.id}
            companies={data.companies}
            defaultMonth={now().toISOString().slice(0, 7)}
          />
        ) : (
          <p className="text-slate-700">{t("recordExports.taxAudit.ownerOnly")}</p>
        )}
      </section>
      <section aria-labelledby="procedure-heading" className="space-y-2" data-slot="procedure-documentation">
        <h2 id="procedure-heading" className="text-xl font-semibold">
          {t("recordExports.procedure.heading")}
        </h2>
        <p className="text-slate-700">{t("recordExports.procedure.intro")}</p>
        <ProcedureButton workspaceId={workspace.id} />
      </section>
      <AuditSigningKey />
    </section>
  );
}
