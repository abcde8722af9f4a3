import type { GridColumn, GridLocale } from "@/features/payroll/grid/columns";

/** The type column's choices in the page's language, for its editor's suggestions. */
export function TypeOptions({
  id,
  column,
  locale,
}: {
  id: string;
  column: GridColumn | undefined;
  locale: GridLocale;
}) {
  if (!column) return null;
  return (
    <datalist id={id}>
      {column.options?.map((option) => (
        <option key={option.value} value={option.labels[locale]} />
      ))}
    </datalist>
  );
}

/**
 * The grid's focus ring, shown while the grid or its cell editor has keyboard focus. A layer of
 * its own that only fades in and out: drawn on the grid itself, it was repainted with the whole
 * grid's area whenever an edit started or ended.
 */
export function GridFocusRing() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 opacity-0 ring-2 ring-blue-600 will-change-[opacity] group-has-[:focus-visible]/grid:opacity-100"
    />
  );
}

/** A column's least width (rem): room for what it holds (a full date, "Feiertagszuschlag 150 %") and its name in two lines. */
function leastWidth(column: GridColumn): number {
  if (column.kind === "enum") return 11.75;
  if (column.kind === "date") return 6.25;
  if (column.kind === "text") return 5.75;
  return column.money ? 5 : 4.5;
}
const EMPLOYEE_WIDTH = 10.5;
const COMPUTED_WIDTHS = [6.5, 6.5] as const;

/**
 * The grid's columns: each at least as wide as what it holds, sharing what the window has beyond
 * that; `minWidth` (rem) is their sum, below which the grid (only the grid) scrolls sideways.
 */
export function gridColumns(columns: readonly GridColumn[]): { template: string; minWidth: number } {
  const least = columns.map(leastWidth);
  const template = [
    `minmax(${EMPLOYEE_WIDTH}rem,1.4fr)`,
    ...least.map((width, col) => `minmax(${width}rem,${columns[col]?.kind === "enum" ? 1.4 : 1}fr)`),
    ...COMPUTED_WIDTHS.map((width) => `minmax(${width}rem,1fr)`),
  ].join(" ");
  return {
    template,
    minWidth: EMPLOYEE_WIDTH + least.reduce((sum, width) => sum + width, 0) + COMPUTED_WIDTHS[0] + COMPUTED_WIDTHS[1],
  };
}
