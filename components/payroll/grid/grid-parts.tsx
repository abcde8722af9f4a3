import type { GridColumn, GridLocale } from "@/lib/payroll/grid/columns";

/** The type column's choices in the page's language, for its editor's suggestions. */
export function TypeOptions({ id, column, locale }: { id: string; column: GridColumn | undefined; locale: GridLocale }) {
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
