"use client";

import { memo, useId, useRef, type CSSProperties } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { GroupKey } from "@/features/trial-balance/pack/account-groups";
import type { Pack } from "@/features/trial-balance/pack/model";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import { BalanceRow } from "./pack-balance-row";
import { FigureCells, STICKY, type CellWords } from "./pack-cells";
import { PackHeader, type ColumnHeading } from "./pack-header";
import { lineKey, type PackLine } from "./pack-lines";

// As the single-period table: a grid of divs with table roles, fixed-height rows, only those in view rendered.
const ROW_HEIGHT = 40;
const OVERSCAN = 8;
const INITIAL_VIEWPORT = 640;
const ACCOUNT_MIN = "15rem";
const AMOUNT_MIN = "7.25rem";
const FIRST_ROW_TIMING = { elementtiming: "tb-first-row" } as Record<string, string>;

interface RowProps {
  line: PackLine;
  index: number;
  pack: Pack;
  locale: Locale;
  words: CellWords;
  columns: string;
  /** The first account row, once some column has figures: what the benchmark's "first rows painted" waits for. */
  timed: boolean;
  onFold: (group: GroupKey) => void;
  onOpen: (accountId: string) => void;
}

const Row = memo(function Row({ line, index, pack, locale, words, columns, timed, onFold, onOpen }: RowProps) {
  const t = useTranslations();
  const style: CSSProperties = { gridTemplateColumns: columns, height: ROW_HEIGHT, top: index * ROW_HEIGHT };
  const cells = { columns: pack.columns, prior: pack.prior?.state ?? null, locale, words };
  if (line.kind === "group") {
    const name = t(`trialBalance.pack.groups.${line.group.key}`);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        style={style}
        className="absolute inset-x-0 grid items-center border-b border-slate-300 bg-slate-100"
      >
        <div role="rowheader" className={`${STICKY} flex items-center self-stretch bg-slate-100 px-2`}>
          <button
            type="button"
            aria-expanded={!line.folded}
            onClick={() => onFold(line.group.key)}
            className="flex items-center gap-2 rounded px-1 font-semibold hover:underline"
          >
            <span aria-hidden="true" className="inline-block w-3">
              {line.folded ? "▸" : "▾"}
            </span>
            {t("trialBalance.pack.groupToggle", { group: name, count: line.group.accounts.length })}
          </button>
        </div>
        <div role="cell" style={{ gridColumn: `span ${pack.periods.length + (pack.prior ? 3 : 1)}` }} />
      </div>
    );
  }
  if (line.kind === "subtotal") {
    const name = t(`trialBalance.pack.groups.${line.group.key}`);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        data-testid={`pack-subtotal-${line.group.key}`}
        style={style}
        className="absolute inset-x-0 grid items-center border-b-2 border-slate-300 bg-white font-semibold"
      >
        <div role="rowheader" className={`${STICKY} flex items-center self-stretch truncate bg-white px-3`}>
          {t("trialBalance.pack.subtotal", { group: name })}
        </div>
        <FigureCells figures={line.group.subtotal} {...cells} />
      </div>
    );
  }
  const { account } = line;
  const background = index % 2 ? "bg-slate-50" : "bg-white";
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-account={account.id}
      data-group={account.group}
      style={style}
      className={`group absolute inset-x-0 grid items-center border-b border-slate-100 hover:bg-blue-50 ${background}`}
    >
      <div
        role="rowheader"
        className={`${STICKY} ${background} flex min-w-0 items-center gap-2 self-stretch px-3 group-hover:bg-blue-50`}
      >
        {account.nominalCode ? (
          <span className="shrink-0 font-mono text-xs text-slate-600">{account.nominalCode}</span>
        ) : null}
        <button
          type="button"
          onClick={() => onOpen(account.id)}
          title={account.name}
          className="min-w-0 text-left text-blue-900 underline decoration-slate-300 underline-offset-2 hover:decoration-blue-800"
        >
          {/* A block of its own: Chromium times text by its block, so the timing name must be on it. */}
          <span className="block truncate" {...(timed ? FIRST_ROW_TIMING : {})}>
            {account.name}
          </span>
        </button>
      </div>
      <FigureCells figures={account} {...cells} />
    </div>
  );
});

export interface PackTableProps {
  pack: Pack;
  lines: PackLine[];
  headings: ColumnHeading[];
  total: string;
  prior: ColumnHeading | null;
  label: string;
  onFold: (group: GroupKey) => void;
  onOpen: (accountId: string) => void;
  onRetry: (index: number) => void;
}

/** The periods side by side: the account column fixed, the columns scrolling inside the table's own region. */
export function PackTable({ pack, lines, headings, total, prior, label, onFold, onOpen, onRetry }: PackTableProps) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const range = useVirtualRows({
    scroller,
    count: lines.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    initialHeight: INITIAL_VIEWPORT,
  });
  const amountColumns = pack.periods.length + (pack.prior ? 3 : 1);
  const columns = `minmax(${ACCOUNT_MIN}, 2fr) repeat(${amountColumns}, minmax(${AMOUNT_MIN}, 1fr))`;
  const words: CellWords = { loading: t("trialBalance.pack.loading"), failed: t("trialBalance.pack.failed") };
  const hasFigures = pack.columns.some((column) => column.kind === "ok");
  const firstAccount = lines.findIndex((line) => line.kind === "account");
  return (
    <>
      <p id={hintId} className="sr-only">
        {t("trialBalance.pack.scrollHint")}
      </p>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-describedby={hintId}
        className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white"
      >
        <div
          role="table"
          aria-label={label}
          aria-rowcount={lines.length + 3}
          className="text-sm"
          style={{ minWidth: `calc(${ACCOUNT_MIN} + ${amountColumns} * ${AMOUNT_MIN})` }}
        >
          <PackHeader
            columns={columns}
            headings={headings}
            states={pack.columns}
            total={total}
            prior={prior}
            priorState={pack.prior?.state ?? null}
            onRetry={onRetry}
          />
          <div role="rowgroup" className="relative" style={{ height: lines.length * ROW_HEIGHT }}>
            {lines.slice(range.start, range.end).map((line, offset) => (
              <Row
                key={lineKey(line)}
                line={line}
                index={range.start + offset}
                pack={pack}
                locale={locale}
                words={words}
                columns={columns}
                timed={hasFigures && range.start + offset === firstAccount}
                onFold={onFold}
                onOpen={onOpen}
              />
            ))}
          </div>
          <div role="rowgroup" className="sticky bottom-0 z-10 bg-slate-100 shadow-[0_-1px_0_rgb(203_213_225)]">
            <div
              role="row"
              aria-rowindex={lines.length + 2}
              data-testid="pack-totals"
              className="grid items-center font-semibold"
              style={{ gridTemplateColumns: columns, height: ROW_HEIGHT }}
            >
              <div role="rowheader" className={`${STICKY} flex items-center self-stretch bg-slate-100 px-3`}>
                {t("trialBalance.pack.grandTotal")}
              </div>
              <FigureCells
                figures={pack.totals}
                columns={pack.columns}
                prior={pack.prior?.state ?? null}
                locale={locale}
                words={words}
              />
            </div>
            <BalanceRow columns={columns} pack={pack} rowIndex={lines.length + 3} />
          </div>
        </div>
      </div>
    </>
  );
}
