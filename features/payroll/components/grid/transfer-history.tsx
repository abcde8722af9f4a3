import "server-only";
import Link from "next/link";
import { PayrollProblem } from "@/features/payroll/components/connection/payroll-problem";
import { SignedOutNotice } from "@/components/signed-out-notice";
import { Button } from "@/components/ui/button";
import { formatAmount, formatDate, formatMonth } from "@/lib/i18n/format";
import { getLocale, getTranslations } from "next-intl/server";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { displayValue } from "@/features/payroll/grid/locale-input";
import { changedFields, diffLines } from "@/features/payroll/entries/diff";
import { columnsOf } from "@/features/payroll/entries/grid-spec";
import { getTransfer, listTransfers, type TransferRecord } from "@/features/payroll/entries/server/history";
import { fieldsOf, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";
import { attemptPayroll, companyForPage, payrollPageState } from "@/features/payroll/server/pages";
import type { Locale } from "@/lib/i18n/locales";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Table, TableCell, TableRow } from "@/components/ui/table";

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

function describeLine(
  t: Translate,
  locale: Locale,
  kind: EntryKind,
  line: StoredLine,
  only?: readonly string[],
): string {
  return columnsOf(kind)
    .filter((column) => (only ? only.includes(column.key) : line.values[column.key]))
    .map(
      (column) =>
        `${t(`payrollEntries.columns.${column.key}` as MessageKey)}: ${displayValue(column, line.values[column.key] ?? "", locale) || "–"}`,
    )
    .join(" · ");
}

/** Every transfer of a company's hours or extra payments: who, when, what, how it ended; any two compared. */
export async function TransferHistory({
  kind,
  companyId,
  query,
}: {
  kind: EntryKind;
  companyId: string;
  query: Query;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const kindName = kind === "hours" ? t("payrollEntries.hoursLink") : t("payrollEntries.paymentsLink");
  const state = await payrollPageState(companyId);
  if (state.kind === "signed_out") return <SignedOutNotice heading={t("payrollEntries.historyLink")} />;
  if (state.kind !== "ready")
    return <PayrollProblem code={state.kind === "ambiguous" ? "ambiguous_company" : "not_connected"} />;
  const company = await companyForPage(state, companyId);
  if (!company) return <p role="alert">{t("payrollEntries.notReachable")}</p>;
  const transfers = await listTransfers(state.connection.id, company.id, kind);
  const [a, b, show] = await Promise.all(
    [one(query.a), one(query.b), one(query.show)].map((id) =>
      id ? getTransfer(state.connection.id, company.id, kind, id) : Promise.resolve(null),
    ),
  );
  const employees = await attemptPayroll(() => state.client.listEmployees(company.id));
  const names = new Map(
    employees.ok
      ? employees.value.map((employee) => [employee.id, `${employee.last_name}, ${employee.first_name}`])
      : [],
  );
  const who = (line: StoredLine) => names.get(line.employee_id) ?? `#${line.employee_id}`;
  const when = (record: { createdAt: Date }) =>
    formatDate(locale, record.createdAt, { dateStyle: "medium", timeStyle: "medium" });
  const fields = fieldsOf(kind);

  const comparison = (older: TransferRecord, newer: TransferRecord) => {
    const diff = diffLines(older.lines, newer.lines, fields);
    const block = (title: string, items: React.ReactNode[]) => (
      <div>
        <h3 className="font-semibold">{title}</h3>
        {items.length ? <ul className="list-disc pl-5 text-sm">{items}</ul> : null}
      </div>
    );
    return (
      <section aria-labelledby="compare-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="compare-title" className="text-lg font-semibold">
          {t("payrollEntries.compareTitle", { a: when(newer), b: when(older) })}
        </h2>
        {diff.added.length + diff.changed.length + diff.removed.length === 0 ? (
          <p>{t("payrollEntries.reviewNoChanges")}</p>
        ) : null}
        {block(
          t("payrollEntries.reviewAdded", { count: diff.added.length }),
          diff.added.map((line) => (
            <li key={line.id}>
              {who(line)}: {describeLine(t, locale, kind, line)}
            </li>
          )),
        )}
        {block(
          t("payrollEntries.reviewChanged", { count: diff.changed.length }),
          diff.changed.map(({ before, after }) => {
            const changed = changedFields(before, after, fields);
            return (
              <li key={after.id}>
                {who(after)}: {describeLine(t, locale, kind, before, changed)} →{" "}
                {describeLine(t, locale, kind, after, changed)}
              </li>
            );
          }),
        )}
        {block(
          t("payrollEntries.reviewRemoved", { count: diff.removed.length }),
          diff.removed.map((line) => (
            <li key={line.id}>
              {who(line)}: {describeLine(t, locale, kind, line)}
            </li>
          )),
        )}
      </section>
    );
  };

  const [older, newer] = a && b ? (a.createdAt <= b.createdAt ? [a, b] : [b, a]) : [null, null];
  return (
    <section className="space-y-5">
      <Link href={`/payroll/companies/${company.id}/${kind}`} className="text-blue-700 underline">
        {t("payrollEntries.historyBack")}
      </Link>
      <h1 className="text-2xl font-bold">{t("payrollEntries.historyTitle", { company: company.name1 })}</h1>
      <p>{t("payrollEntries.historyIntro", { kind: kindName })}</p>
      {transfers.length === 0 ? <p>{t("payrollEntries.historyEmpty")}</p> : null}
      {older && newer ? comparison(older, newer) : null}
      {show ? (
        <section aria-labelledby="lines-title" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="lines-title" className="text-lg font-semibold">
            {t("payrollEntries.historyShowLines")}: {when(show)}
          </h2>
          <ol className="mt-2 list-decimal pl-6 text-sm">
            {show.lines.map((line) => (
              <li key={line.id}>
                {who(line)}: {describeLine(t, locale, kind, line)}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {transfers.length ? (
        <form method="get" className="space-y-3">
          <ScrollRegion label={t("payrollEntries.historyLink")}>
            <Table
              density="compact"
              columns={[
                t("payrollEntries.historyCompareA"),
                t("payrollEntries.historyCompareB"),
                t("payrollEntries.historyWhen"),
                t("payrollEntries.historyWho"),
                t("payrollEntries.historyMonth"),
                { label: t("payrollEntries.historyLines"), numeric: true },
                { label: t("payrollEntries.historyTotal"), numeric: true },
                t("payrollEntries.historyOutcome"),
              ]}
            >
              {transfers.map((transfer, index) => (
                <TableRow key={transfer.id}>
                  <TableCell>
                    <input
                      type="radio"
                      name="a"
                      value={transfer.id}
                      defaultChecked={a ? a.id === transfer.id : index === 1}
                      aria-label={`${t("payrollEntries.historyCompareA")}: ${when(transfer)}`}
                    />
                  </TableCell>
                  <TableCell>
                    <input
                      type="radio"
                      name="b"
                      value={transfer.id}
                      defaultChecked={b ? b.id === transfer.id : index === 0}
                      aria-label={`${t("payrollEntries.historyCompareB")}: ${when(transfer)}`}
                    />
                  </TableCell>
                  <TableCell>
                    <Link href={`?show=${transfer.id}`} className="text-blue-700 underline">
                      {when(transfer)}
                    </Link>
                  </TableCell>
                  <TableCell>{transfer.userName}</TableCell>
                  <TableCell>{formatMonth(locale, transfer.period)}</TableCell>
                  <TableCell amount>{transfer.lineCount}</TableCell>
                  <TableCell amount>{formatAmount(locale, transfer.totalCents)}</TableCell>
                  <TableCell>
                    {t(`payrollEntries.outcome.${transfer.outcome}`)}
                    {transfer.target === "datev" ? (
                      <span className="block text-xs text-slate-700">
                        {t(transfer.correction ? "payrollEntries.datevCorrection" : "payrollEntries.datevExport")}
                      </span>
                    ) : null}
                    {/* The service's own words, in its language: a detail under our text, never the message. */}
                    {transfer.errorMessage ? (
                      <span className="block text-xs text-slate-700">
                        {t("payrollErrors.detail", { detail: transfer.errorMessage })}
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </Table>
          </ScrollRegion>
          <Button type="submit">{t("payrollEntries.historyCompare")}</Button>
        </form>
      ) : null}
    </section>
  );
}
