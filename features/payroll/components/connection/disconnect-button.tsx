"use client";

import { useTranslations } from "next-intl";
import { payrollApi } from "@/features/payroll/client/api";
import { ConfirmedConnectionAction } from "./confirmed-connection-action";

/** Disconnect, after a dialog saying what goes (the key) and what stays (drafts, reports, history). */
export function DisconnectButton({
  connectionId,
  username,
  baseUrl,
}: {
  connectionId: string;
  username: string;
  baseUrl: string;
}) {
  const t = useTranslations();
  return (
    <ConfirmedConnectionAction
      label={t("payroll.connection.disconnect")}
      title={t("payroll.connection.disconnectTitle")}
      run={() => payrollApi.disconnect({ id: connectionId })}
      describedBy={`payroll-disconnect-hint-${connectionId}`}
      announcesBusy
    >
      <p>{t("payroll.connection.disconnectKey", { name: username })}</p>
      <p>{t("payroll.connection.disconnectKept", { name: username, url: baseUrl })}</p>
    </ConfirmedConnectionAction>
  );
}
