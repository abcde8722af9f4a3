import { memo } from "react";
import type { GridColumn } from "@/lib/payroll/grid/columns";
import { ROW_HEIGHT } from "./grid-row";

interface GridHeaderProps {
  columns: readonly GridColumn[];
  columnLabels: readonly string[];
  template: string;
  employeeLabel: string;
  computedLabel: string;
  totalLabel: string;
}

/** The grid's column headers: a sticky first row, the same columns as every line. */
export const GridHeader = memo(function GridHeader({
  columns,
  columnLabels,
  template,
  employeeLabel,
  computedLabel,
  totalLabel,
}: GridHeaderProps) {
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-10 grid border-b border-slate-300 bg-slate-100 text-xs font-semibold uppercase tracking-wide text-slate-700"
      style={{ height: ROW_HEIGHT, gridTemplateColumns: template }}
    >
      <div role="columnheader" aria-colindex={1} className="sticky left-0 border-r border-slate-200 bg-slate-100 px-2 py-2">
        {employeeLabel}
      </div>
      {columnLabels.map((label, col) => (
        <div
          key={label}
          role="columnheader"
          aria-colindex={col + 2}
          className={`border-l border-slate-200 px-1.5 py-2 ${columns[col]?.kind === "decimal" ? "text-right" : ""}`}
        >
          {label}
        </div>
      ))}
      <div role="columnheader" aria-colindex={columns.length + 2} className="border-l border-slate-200 px-2 py-2 text-right">
        {computedLabel}
      </div>
      <div role="columnheader" aria-colindex={columns.length + 3} className="border-l border-slate-200 px-2 py-2 text-right">
        {totalLabel}
      </div>
    </div>
  );
});
