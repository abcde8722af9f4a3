/** What the grid engine needs to know about a column: how typed text becomes a canonical cell value and back. */
export type GridLocale = "en" | "de";
export type ColumnKind = "enum" | "decimal" | "date" | "text";

export interface EnumOption {
  value: string;
  labels: Readonly<Record<GridLocale, string>>;
}

export interface GridColumn {
  key: string;
  kind: ColumnKind;
  options?: readonly EnumOption[];
  /** A decimal column of money: shown with at least two decimals (15.50); the stored value stays "15.5". */
  money?: boolean;
}

export interface InputContext {
  locale: GridLocale;
  /** The payroll month, `YYYY-MM`: a bare day number means that day of it. */
  month: string;
}
