"use client";

import { useTranslations } from "next-intl";
import { payrollApi } from "@/features/payroll/client/api";
import { ConfirmedConnectionAction } from "./confirmed-connection-action";

export interface KeptCounts {
  drafts: number;
  imports: number;
  transfers: number;
}

/**
 * "Delete all payroll data": the one way to destroy what Disconnect keeps. The dialog names what
 * goes (counts of drafts, import reports, transfers; the key too while connected) — or, while the law
 * still keeps some of the records (`retained`, its reason and date), says so and cannot be confirmed.
 */
export function DeleteDataButton({
  connectionId,
  username,
  baseUrl,
  connected,
  counts,
  retained,
}: {
  connectionId: string;
  username: string;
  baseUrl: string;
  connected: boolean;
  counts: KeptCounts;
  /** Why it cannot be deleted yet (records kept by law), or null. */
  retained: string | null;
}) {
  const t = useTranslations();
  return (
    <ConfirmedConnectionAction
      label={t("payroll.connection.deleteAll")}
      title={t("payroll.connection.deleteAllTitle")}
      run={() => payrollApi.deleteData({ id: connectionId })}
      blocked={retained}
    >
      <p>{t("payroll.connection.deleteAllText", { name: username, url: baseUrl })}</p>
      <ul className="list-disc pl-5">
        <li>{t("payroll.connection.countDrafts", { count: counts.drafts })}</li>
        <li>{t("payroll.connection.countImports", { count: counts.imports })}</li>
        <li>{t("payroll.connection.countTransfers", { count: counts.transfers })}</li>
        {connected ? <li>{t("payroll.connection.deleteAllKey")}</li> : null}
      </ul>
      <p>{t("payroll.connection.deleteAllService")}</p>
    </ConfirmedConnectionAction>
  );
}
