import type { ComponentProps, ReactNode } from "react";

/**
 * The `Clients` table's parts. From 768 px it is a plain table whose headers and cells wrap, so at a
 * laptop's width it fits the window (scrolling sideways in its region only on narrower screens);
 * on a phone each row stacks into a card, every cell led by its column's name. The CSS display
 * changes, so the elements say their table roles themselves (browsers drop the implicit ones of a
 * table shown as blocks): it stays the table named `Clients` for screen readers and tests.
 */
export const TABLE_CLASS =
  "w-full border-collapse bg-white text-left text-sm max-md:block max-md:bg-transparent [&>tbody]:max-md:block [&>tbody]:max-md:space-y-3";

/** The look of a row's clerk button, closed (./clerk-picker.tsx) and open (./clerk-picker-popup.tsx). */
export const CLERK_TRIGGER =
  "inline-flex min-h-control max-w-full items-center gap-1 rounded border border-slate-400 bg-white px-2 py-1 text-left text-sm text-slate-900 hover:bg-slate-50";

const CELL = "relative px-1.5 py-2 align-top max-md:flex max-md:gap-2 max-md:px-0 max-md:py-1";

export function ClientHead({ children, className = "", ...props }: ComponentProps<"th">) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={`${CELL} font-semibold max-md:whitespace-nowrap ${className}`}
      {...props}
    >
      {children}
    </th>
  );
}

/** A row: a card on a phone, a table row from 768 px. */
export function ClientRow({ className = "", ...props }: ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      className={`border-t border-slate-200 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-300 max-md:bg-white max-md:p-3 ${className}`}
      {...props}
    />
  );
}

/** A cell; on a phone its column's name leads it (hidden from screen readers, who hear the column header). */
export function ClientCell({
  label,
  children,
  className = "",
  ...props
}: ComponentProps<"td"> & { label?: string; children: ReactNode }) {
  return (
    <td role="cell" className={`${CELL} ${className}`} {...props}>
      {label ? (
        <span aria-hidden="true" className="w-36 shrink-0 font-medium text-slate-600 md:hidden">
          {label}
        </span>
      ) : null}
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** The row's header cell: the company (its name names the row). */
export function ClientRowHeader({ children, className = "", ...props }: ComponentProps<"th">) {
  return (
    <th role="rowheader" scope="row" className={`${CELL} font-normal max-md:block md:min-w-40 ${className}`} {...props}>
      {children}
    </th>
  );
}
