import type { ComponentProps, ReactNode } from "react";

/**
 * The app's plain data tables (companies, reference lists…): one look, real table semantics
 * (column headers with `scope`), the control type size. Not for the entry grids (role=grid) nor
 * the virtualised trial balance, which lay out their own rows.
 */
export function Table({
  columns,
  children,
  className = "",
  ...props
}: Omit<ComponentProps<"table">, "children"> & { columns: ReactNode[]; children: ReactNode }) {
  return (
    <table className={`w-full border-collapse bg-white text-left text-control ${className}`.trim()} {...props}>
      <thead className="bg-slate-100">
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className="p-2 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function TableRow({ className = "", ...props }: ComponentProps<"tr">) {
  return <tr className={`border-t border-slate-200 ${className}`.trim()} {...props} />;
}

export function TableCell({ className = "", numeric = false, ...props }: ComponentProps<"td"> & { numeric?: boolean }) {
  return <td className={`p-2 ${numeric ? "tabular-nums" : ""} ${className}`.trim()} {...props} />;
}
