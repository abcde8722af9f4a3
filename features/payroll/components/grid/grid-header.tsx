import { memo } from "react";
import type { GridColumn } from "@/features/payroll/grid/columns";
import { HEADER_HEIGHT } from "./grid-row";

interface GridHeaderProps {
  columns: readonly GridColumn[];
  columnLabels: readonly string[];
  template: string;
  employeeLabel: string;
  computedLabel: string;
  totalLabel: string;
}

/** A header cell's look: whole names, wrapped to a second line where needed, never cut (a `title` says them too). */
const HEADER_CELL =
  "flex items-end overflow-hidden border-l border-slate-200 px-1.5 py-1 leading-4 [overflow-wrap:anywhere]";

/** The grid's column headers: a sticky first row, the same columns as every line, exactly as high as the space left above the first line. */
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
      className="sticky top-0 z-10 grid border-b border-slate-300 bg-slate-100 text-xs font-medium text-slate-800"
      style={{ height: HEADER_HEIGHT, gridTemplateColumns: template }}
    >
      <div
        role="columnheader"
        aria-colindex={1}
        title={employeeLabel}
        className={`${HEADER_CELL} sticky left-0 z-[1] border-l-0 border-r bg-slate-100 px-2`}
      >
        {employeeLabel}
      </div>
      {columnLabels.map((label, col) => (
        <div
          key={label}
          role="columnheader"
          aria-colindex={col + 2}
          title={label}
          className={`${HEADER_CELL} ${columns[col]?.kind === "decimal" ? "justify-end text-right" : ""}`}
        >
          {label}
        </div>
      ))}
      <div
        role="columnheader"
        aria-colindex={columns.length + 2}
        title={computedLabel}
        className={`${HEADER_CELL} justify-end text-right`}
      >
        {computedLabel}
      </div>
      <div
        role="columnheader"
        aria-colindex={columns.length + 3}
        title={totalLabel}
        className={`${HEADER_CELL} justify-end text-right`}
      >
        {totalLabel}
      </div>
    </div>
  );
});
