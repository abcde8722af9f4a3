import { isValidElement, type ComponentProps, type ReactNode } from "react";

/**
 * The app's plain data tables (companies, reference lists, employees, imports, transfers, the
 * approver's summary…): one look and real table semantics. Not for the entry grids (role=grid) nor
 * the trial balance, whose rows are positioned divs with table roles.
 *
 * Two ways to use it:
 * - `columns`: one header row of column headers; the children are the body's rows.
 * - without `columns`: the children are the table's parts (TableHeader, TableBody, TableFooter),
 *   for two-row headers, a footer or windowed bodies with spacer rows.
 *
 * Its cells read the density from the table (a CSS group, so server components can use it too).
 */
type Density = "regular" | "compact";

/** A column of a `columns` header row: its text, or its text and whether it holds numbers. */
export type TableColumn = ReactNode | { label: ReactNode; numeric?: boolean };

const CELL = "px-2 py-2 group-data-[density=compact]/table:py-1";
const END = "text-right tabular-nums whitespace-nowrap";

function join(...classes: (string | false | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

function isColumn(column: TableColumn): column is { label: ReactNode; numeric?: boolean } {
  return typeof column === "object" && column !== null && !isValidElement(column) && "label" in column;
}

export function Table({
  columns,
  caption,
  density = "regular",
  sticky = false,
  children,
  className = "",
  ...props
}: Omit<ComponentProps<"table">, "children"> & {
  columns?: TableColumn[];
  /** A <TableCaption>: the table's name. */
  caption?: ReactNode;
  /** Compact: smaller type and rows, for summaries and tables inside panels. */
  density?: Density;
  /** Separate borders: needed by sticky header cells, footer or first column (collapsed borders do not stick). */
  sticky?: boolean;
  children: ReactNode;
}) {
  return (
    <table
      data-density={density}
      className={join(
        "group/table w-full bg-white text-left",
        sticky ? "border-separate border-spacing-0" : "border-collapse",
        density === "compact" ? "text-sm" : "text-control",
        className,
      )}
      {...props}
    >
      {caption}
      {columns ? (
        <>
          <TableHeader>
            <tr>
              {columns.map((column, index) =>
                isColumn(column) ? (
                  <TableHead key={index} numeric={column.numeric}>
                    {column.label}
                  </TableHead>
                ) : (
                  <TableHead key={index}>{column}</TableHead>
                ),
              )}
            </tr>
          </TableHeader>
          <TableBody>{children}</TableBody>
        </>
      ) : (
        children
      )}
    </table>
  );
}

/** The table's name: shown above it, or only to screen readers (`hidden`) when a heading already names it. */
export function TableCaption({
  hidden = false,
  className = "",
  ...props
}: ComponentProps<"caption"> & { hidden?: boolean }) {
  return <caption className={join(hidden ? "sr-only" : "px-2 py-2 text-left font-semibold", className)} {...props} />;
}

export function TableHeader({ className = "", ...props }: ComponentProps<"thead">) {
  return <thead className={join("bg-slate-100", className)} {...props} />;
}

export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

export function TableFooter({ className = "", ...props }: ComponentProps<"tfoot">) {
  return <tfoot className={join("bg-slate-100 font-semibold", className)} {...props} />;
}

export function TableRow({ className = "", ...props }: ComponentProps<"tr">) {
  return <tr className={join("border-t border-slate-200", className)} {...props} />;
}

/** A column header (`scope="col"` unless told, e.g. `colgroup`); numeric ones are right-aligned like their cells. */
export function TableHead({
  className = "",
  numeric = false,
  scope = "col",
  ...props
}: ComponentProps<"th"> & { numeric?: boolean }) {
  return <th scope={scope} className={join(CELL, "font-semibold", numeric && END, className)} {...props} />;
}

/** A row's header cell (`scope="row"`): what the row is about, e.g. the employee or the period. */
export function TableRowHeader({
  className = "",
  weight = "normal",
  ...props
}: Omit<ComponentProps<"th">, "scope"> & { weight?: "normal" | "medium" | "semibold" }) {
  const font = { normal: "font-normal", medium: "font-medium", semibold: "font-semibold" }[weight];
  return <th scope="row" className={join(CELL, "text-left", font, className)} {...props} />;
}

/** A cell: `numeric` keeps digits aligned (ids); `amount` also right-aligns and keeps it on one line. */
export function TableCell({
  className = "",
  numeric = false,
  amount = false,
  ...props
}: ComponentProps<"td"> & { numeric?: boolean; amount?: boolean }) {
  return <td className={join(CELL, numeric && "tabular-nums", amount && END, className)} {...props} />;
}
