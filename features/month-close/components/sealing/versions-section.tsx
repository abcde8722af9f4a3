"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Table, TableCaption, TableCell, TableRow } from "@/components/ui/table";
import { formatDate, formatDay, formatMonth } from "@/lib/i18n/format";
import type { SealedVersionView } from "@/features/month-close/sealing/view";
import { VersionChanges } from "./version-changes";

/** How much of a hash the table shows; the whole is one click away. */
const SHORT_HASH = 12;

/**
 * The company's sealed months (features/month-close/sealing): the table `Versions` (month, version,
 * when sealed, by whom, the reopening's reason, the hash) and, for each version after a month's
 * first, what changed from the one before, per employee. Names are resolved when shown.
 */
export function VersionsSection({
  versions,
  employeeNames,
  restrictedOn = {},
}: {
  versions: SealedVersionView[];
  /** The employees' names as the payroll service has them now, by id (none when it cannot be read). */
  employeeNames: Record<number, string>;
  /** The Berlin day of each restricted employee's erasure request, by id: their names are marked. */
  restrictedOn?: Record<number, string>;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const names = Object.fromEntries(
    Object.entries(employeeNames).map(([id, name]) => {
      const day = restrictedOn[Number(id)];
      return [id, day ? `${name} — ${t("erasure.restricted", { date: formatDay(locale, day) })}` : name];
    }),
  );
  const headingId = useId();
  const when = (iso: string) => formatDate(locale, new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const reasonText = (version: SealedVersionView) =>
    version.sealedAtMigration && !version.reason
      ? t("monthVersions.atMigration")
      : !version.reason
        ? t("monthVersions.firstApproval")
        : (version.reason.text ?? t("monthVersions.reasonErased"));
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-versions="">
      <h2 id={headingId} className="text-xl font-semibold">
        {t("monthVersions.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("monthVersions.intro")}</p>
      {versions.length === 0 ? (
        <p>{t("monthVersions.none")}</p>
      ) : (
        <ScrollRegion label={t("monthVersions.scroll")}>
          <Table
            density="compact"
            caption={<TableCaption hidden>{t("monthVersions.title")}</TableCaption>}
            columns={[
              t("monthVersions.month"),
              { label: t("monthVersions.version"), numeric: true },
              t("monthVersions.sealedAt"),
              t("monthVersions.sealedBy"),
              t("monthVersions.reason"),
              t("monthVersions.hash"),
            ]}
          >
            {versions.map((version) => (
              <TableRow key={version.id} data-version={version.version} data-period={version.period}>
                <TableCell className="whitespace-nowrap">{formatMonth(locale, version.period)}</TableCell>
                <TableCell numeric>{version.version}</TableCell>
                <TableCell className="whitespace-nowrap">{when(version.sealedAt)}</TableCell>
                <TableCell>{version.sealedBy ?? t("monthVersions.someone")}</TableCell>
                <TableCell className="min-w-40">{reasonText(version)}</TableCell>
                <TableCell>
                  <details>
                    <summary className="cursor-pointer font-mono">
                      <span className="sr-only">
                        {t("monthVersions.fullHash", {
                          version: version.version,
                          month: formatMonth(locale, version.period),
                        })}
                        {": "}
                      </span>
                      {version.hash.slice(0, SHORT_HASH)}…
                    </summary>
                    <code className="block max-w-56 break-all" data-hash="">
                      {version.hash}
                    </code>
                  </details>
                  {version.intact ? null : (
                    <p role="alert" className="font-semibold text-red-800">
                      {t("monthVersions.notIntact")}
                    </p>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </Table>
        </ScrollRegion>
      )}
      {versions
        .filter((version) => version.changes !== null)
        .map((version) => (
          <VersionChanges key={version.id} version={version} employeeNames={names} />
        ))}
    </section>
  );
}
