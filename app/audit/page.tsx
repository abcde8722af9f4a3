import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { AuditEntries } from "@/features/audit-trail/components/audit-entries";
import { AuditFilterForm } from "@/features/audit-trail/components/audit-filters";
import { IntlScope } from "@/components/intl-scope";
import { VerifyTrail } from "@/features/audit-trail/components/verify-trail";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { getSessionUser } from "@/lib/auth/server/session";
import { notForClients } from "@/features/workspaces/server/client-guard";
import { auditPageData } from "@/features/audit-trail/server/page-data";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { auditContract } from "@/features/audit-trail/contract";
import { AccessLogSection } from "@/features/records/components/access-log-section";
import { AuditTabs } from "@/features/records/components/audit-tabs";
import { can } from "@/features/workspaces/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("audit.title") };
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, locale, user] = await Promise.all([
    getTranslations() as Promise<Translate>,
    getLocale() as Promise<Locale>,
    getSessionUser(),
  ]);
  notForClients(user);
  if (!user?.workspace) return <SignedOutNotice heading={t("audit.title")} />;
  const search = await searchParams;
  const { name } = user.workspace;
  // Owners have a second section, who looked at whose pay (features/records, issue #38 §4).
  const owner = can(user.workspace.roles, "workspace.manage");
  const section = owner && search.view === "access" ? "access" : "changes";
  const header = (
    <>
      <h1 className="text-2xl font-bold">{t("audit.title")}</h1>
      <p className="text-slate-700">{t("audit.intro", { workspace: name })}</p>
      {owner ? (
        <AuditTabs
          current={section}
          labels={{
            list: t("records.access.tabsLabel"),
            changes: t("records.access.changesTab"),
            access: t("records.access.tab"),
          }}
        />
      ) : null}
    </>
  );
  if (section === "access")
    return (
      <section className="max-w-5xl space-y-4">
        {header}
        <AccessLogSection userId={user.id} workspaceId={user.workspace.id} query={search} />
      </section>
    );
  const data = await auditPageData(user.id, user.workspace.id, search, t, locale);
  return (
    <section className="max-w-4xl space-y-4">
      {header}
      {/* A client component: its texts (audit.verify) given to it here, as each page scopes its own. */}
      <IntlScope namespaces={["audit"]}>
        <VerifyTrail />
      </IntlScope>
      <AuditFilterForm
        labels={{
          heading: t("audit.filtersHeading"),
          person: t("audit.person"),
          company: t("audit.company"),
          period: t("audit.period"),
          kind: t("audit.kind"),
          from: t("audit.from"),
          to: t("audit.to"),
          any: t("audit.any"),
          apply: t("audit.apply"),
          reset: t("audit.reset"),
        }}
        people={data.people}
        companies={data.companies}
        kinds={data.kinds}
        values={data.filters}
      />
      <p>
        <a href={`${auditContract.export.path}${data.search}`} className="text-blue-700 underline" download>
          {t("audit.exportCsv")}
        </a>
      </p>
      <AuditEntries
        entries={data.entries}
        labels={{
          list: t("audit.entriesLabel"),
          none: t("audit.none"),
          company: t("audit.company"),
          period: t("audit.period"),
          change: (change) => t("audit.changeText", { field: change.field, old: change.old, new: change.new }),
        }}
      />
      {data.olderHref || data.newestHref ? (
        <nav aria-label={t("audit.entriesLabel")} className="flex flex-wrap gap-4">
          {data.newestHref ? (
            <Link href={data.newestHref} className="text-blue-700 underline">
              {t("audit.newest")}
            </Link>
          ) : null}
          {data.olderHref ? (
            <Link href={data.olderHref} className="text-blue-700 underline">
              {t("audit.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
