import { getLocale, getTranslations } from "next-intl/server";
import { formatDate, formatDay } from "@/lib/i18n/format";
import type { WorkspacePayrollConnection } from "@/features/payroll/connection/server/workspace-connections";
import { ChooseConnectionButton } from "./choose-connection-button";
import { DeleteDataButton } from "./delete-data-button";
import { DisconnectButton } from "./disconnect-button";

/**
 * The workspace's payroll connections on /payroll: each connected one ("Connected as …") and each
 * kept one (disconnected, with what it keeps). Owners (`manageable`) disconnect and delete; every
 * member chooses which connected one they work on when there are several.
 */
export async function WorkspaceConnections({
  connections,
  manageable,
}: {
  connections: WorkspacePayrollConnection[];
  manageable: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  // Why "Delete all payroll data" cannot be taken yet, when the law still keeps some of the records.
  const retainedText = (connection: WorkspacePayrollConnection) =>
    !connection.retention
      ? null
      : connection.retention.until
        ? t("payroll.connection.deleteAllRetained", { date: formatDay(locale, connection.retention.until) })
        : t("payroll.connection.deleteAllRetainedOpen");
  const connected = connections.filter((connection) => connection.connected);
  const kept = connections.filter((connection) => !connection.connected);
  return (
    <>
      {connected.length > 0 ? (
        <section aria-labelledby="payroll-connections-title" className="space-y-3">
          <h2 id="payroll-connections-title" className="text-lg font-semibold">
            {t("payroll.connections.title")}
          </h2>
          <ul className="space-y-3">
            {connected.map((connection) => (
              <li
                key={connection.id}
                className={`flex flex-wrap items-center gap-4 rounded-lg border bg-white p-4 ${connection.chosen ? "border-blue-600" : "border-slate-200"}`}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-medium" role="status">
                    {t("payroll.connection.connectedAs", { name: connection.username })}
                  </p>
                  <p className="text-sm break-words text-slate-600">
                    {t("payroll.connection.address")}: {connection.baseUrl} · {t("payroll.connection.since")}{" "}
                    {formatDate(locale, connection.createdAt)}
                    {connection.createdBy
                      ? ` · ${t("payroll.connections.connectedBy", { name: connection.createdBy })}`
                      : ""}
                  </p>
                  {connection.chosen && connected.length > 1 ? (
                    <p className="text-sm font-medium text-blue-800">{t("payroll.connections.chosen")}</p>
                  ) : null}
                  {manageable ? (
                    <p id={`payroll-disconnect-hint-${connection.id}`} className="text-sm text-slate-600">
                      {t("payroll.connection.disconnectHint")}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-3">
                  {connected.length > 1 && !connection.chosen ? (
                    <ChooseConnectionButton connectionId={connection.id} username={connection.username} />
                  ) : null}
                  {manageable ? (
                    <DisconnectButton
                      connectionId={connection.id}
                      username={connection.username}
                      baseUrl={connection.baseUrl}
                    />
                  ) : null}
                  {manageable ? (
                    <DeleteDataButton
                      connectionId={connection.id}
                      username={connection.username}
                      baseUrl={connection.baseUrl}
                      connected
                      counts={connection.counts}
                      retained={retainedText(connection)}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {kept.map((connection) => (
        <section
          key={connection.id}
          aria-labelledby={`payroll-kept-${connection.id}`}
          className="max-w-xl space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id={`payroll-kept-${connection.id}`} className="text-lg font-semibold">
            {t("payroll.connection.keptTitle")}
          </h2>
          <p>
            {t("payroll.connection.keptText", {
              name: connection.username,
              url: connection.baseUrl,
              date: connection.disconnectedAt ? formatDate(locale, connection.disconnectedAt) : "–",
            })}
          </p>
          <ul className="list-disc pl-5">
            <li>{t("payroll.connection.countDrafts", { count: connection.counts.drafts })}</li>
            <li>{t("payroll.connection.countImports", { count: connection.counts.imports })}</li>
            <li>{t("payroll.connection.countTransfers", { count: connection.counts.transfers })}</li>
          </ul>
          {manageable ? (
            <DeleteDataButton
              connectionId={connection.id}
              username={connection.username}
              baseUrl={connection.baseUrl}
              connected={false}
              counts={connection.counts}
              retained={retainedText(connection)}
            />
          ) : null}
        </section>
      ))}
    </>
  );
}
