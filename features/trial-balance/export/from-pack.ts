import { dateFormat, formatDateRange } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { ShownBusiness } from "../load/server/load";
import type { ColumnState, Pack, PackFigures, PeriodAnswer } from "../pack/model";
import { AMOUNT_COLUMNS } from "../rows";
import { periodLabel } from "../pack/period-label";
import type { TrialBalanceQuery } from "../query";
import type { ExportColumn, ExportDocument, ExportLine } from "./document";

export interface PackDocumentContext {
  locale: Locale;
  t: Translate;
  business: Pick<ShownBusiness, "name" | "currency">;
  query: TrialBalanceQuery;
  /** The first month of the business's financial year (a quarter's heading names its year). */
  fyStartMonth: number;
  generatedAt: Date;
  /**
   * A single period's answer: its export then shows the six debit and credit columns the page's
   * single-period table shows (opening, period, closing) instead of one net column.
   */
  single?: PeriodAnswer;
  /** A failed column's reason in the person's words (the one error-text home lives with the components, so the route passes it in). */
  failureText: (code: string) => string;
}

/**
 * The pack as the export document: the columns the page shows (each period; with more than one
 * the total; with a comparison the prior period and the variance), the groups with their
 * subtotals, the grand total, and a failed column marked in its header and in a notice, its
 * cells empty (never zero).
 */
export function packDocument(pack: Pack, context: PackDocumentContext): ExportDocument {
  const { locale, t, business, query } = context;
  const failed = (state: ColumnState) =>
    state.kind === "failed"
      ? context.failureText(state.code)
      : state.kind === "pending"
        ? t("trialBalance.pack.failed")
        : null;
  // The page shows the total column with months or quarters side by side, not for a single period.
  const showTotal = query.columns !== "single";
  const columns: ExportColumn[] = pack.periods.map((period, index) => ({
    label: periodLabel(locale, period, context.fyStartMonth),
    failed: failed(pack.columns[index]!),
  }));
  if (showTotal) {
    const anyFailed = columns.some((column) => column.failed !== null);
    columns.push({
      label: t(pack.basis === "closing" ? "trialBalance.pack.closingTotal" : "trialBalance.pack.total"),
      failed: anyFailed ? t("trialBalance.pack.failed") : null,
    });
  }
  if (pack.prior) {
    const priorFailed = failed(pack.prior.state);
    columns.push({
      label: t(query.compare === "year" ? "trialBalance.pack.priorYear" : "trialBalance.pack.priorPeriod"),
      failed: priorFailed,
    });
    columns.push({
      label: t("trialBalance.pack.variance"),
      failed: priorFailed === null ? null : t("trialBalance.pack.failed"),
    });
  }
  // Only the total's own failure is a notice's business: the period's and the prior's say why.
  const notices = [
    ...pack.periods.flatMap((period, index) => {
      const reason = failed(pack.columns[index]!);
      return reason === null
        ? []
        : [t("trialBalance.pack.columnFailed", { period: columns[index]!.label, message: reason })];
    }),
    ...(pack.prior && pack.prior.state.kind !== "ok"
      ? [
          t("trialBalance.pack.columnFailed", {
            period: formatDateRange(locale, pack.prior.range.from, pack.prior.range.to),
            message: failed(pack.prior.state) ?? "",
          }),
        ]
      : []),
    ...(pack.grouped ? [] : [t("trialBalance.pack.ledgerUnavailable")]),
  ];

  // A single period that was read: its six amounts per account replace the one net column.
  const sides = query.columns === "single" && context.single?.kind === "ok" ? sidesById(context.single.accounts) : null;
  if (sides)
    columns.splice(0, 1, ...AMOUNT_COLUMNS.map((key) => ({ label: t(`trialBalance.table.${key}`), failed: null })));
  const amountsOf = (id: string | null, figures: PackFigures): (bigint | null)[] =>
    sides ? (id === null ? [] : [...(sides.get(id) ?? ZERO_SIDES)]) : figures.values;
  const cells = (id: string | null, figures: PackFigures): (bigint | null)[] => [
    ...amountsOf(id, figures),
    ...(showTotal ? [figures.total] : []),
    ...(pack.prior ? [figures.prior, figures.variance] : []),
  ];
  const line = (code: string | null, name: string, figures: PackFigures, id: string | null = null): ExportLine => ({
    code: code ?? "",
    name,
    cells: cells(id, figures),
  });
  /** A subtotal's six amounts are the sums of its lines' (exact: BigInt cents). */
  const summed = (label: string, lines: readonly ExportLine[], figures: PackFigures): ExportLine => {
    const own = line(null, label, figures);
    if (!sides) return own;
    const sums = AMOUNT_COLUMNS.map((_, column) => lines.reduce((sum, row) => sum + (row.cells[column] ?? 0n), 0n));
    return { ...own, cells: [...sums, ...own.cells] };
  };
  const groups = pack.groups.map((group) => {
    const label = t(`trialBalance.pack.groups.${group.key}`);
    const rows = group.accounts.map((account) => line(account.nominalCode, account.name, account, account.id));
    return { label, rows, subtotal: summed(t("trialBalance.pack.subtotal", { group: label }), rows, group.subtotal) };
  });

  // In German time, where the people who read the pack work (the server's own zone is UTC), with its zone named.
  const generated = dateFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).format(context.generatedAt);
  return {
    locale,
    title: t("trialBalance.title"),
    facts: [
      { label: t("trialBalance.export.business"), value: business.name ?? "" },
      { label: t("trialBalance.export.period"), value: formatDateRange(locale, query.from, query.to) },
      {
        label: t("trialBalance.range.figures"),
        value: t(pack.basis === "closing" ? "trialBalance.pack.figuresClosing" : "trialBalance.pack.figuresMovement"),
      },
      { label: t("trialBalance.export.currency"), value: business.currency ?? "" },
      { label: t("trialBalance.export.generatedAt"), value: generated },
    ],
    notices,
    headers: {
      code: t("trialBalance.pack.code"),
      account: t("trialBalance.pack.account"),
      noFigures: t("trialBalance.pack.failed"),
    },
    columns,
    groups,
    total: summed(
      t("trialBalance.pack.grandTotal"),
      groups.map((group) => group.subtotal),
      pack.totals,
    ),
    pageOf: (page, pages) => t("trialBalance.export.pageOf", { page, pages }),
    sheetName: t("trialBalance.export.sheetName"),
  };
}

const ZERO_SIDES: readonly bigint[] = [0n, 0n, 0n, 0n, 0n, 0n];

/** Account id → its six amounts in cents (opening, period and closing debit and credit). */
function sidesById(accounts: PeriodAnswerAccounts): Map<string, bigint[]> {
  return new Map(accounts.map((tuple) => [tuple[0], tuple.slice(2).map((cents) => BigInt(cents))]));
}
type PeriodAnswerAccounts = Extract<PeriodAnswer, { kind: "ok" }>["accounts"];

/** `trial-balance_acme-ltd_2026-01-01_2026-12-31`: the download's name without extension. */
export function exportFileStem(businessName: string | null, query: TrialBalanceQuery): string {
  const slug = (businessName ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return ["trial-balance", slug, query.from, query.to].filter(Boolean).join("_");
}
