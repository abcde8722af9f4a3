import type { GridModel } from "@/features/payroll/grid/model";
import type { ColumnMapping } from "@/features/payroll/entries/file-import/mapping";
import type { ImportTable } from "@/features/payroll/entries/file-import/plan";
import type { EntryKind } from "@/features/payroll/entries/kinds";

/** What the grid gives the file import: its model, which grid of which company and month, its employees. */
export interface FileImportProps {
  model: GridModel;
  kind: EntryKind;
  companyId: number;
  period: string;
  /** The grid's name (hours or extra payments), for the dialog's title. */
  kindName: string;
  employees: readonly { id: number; name: string }[];
  /** What the import did, for the grid's status line. */
  onImported: (note: string) => void;
}

/** A file as the server read it, with the company's remembered mapping for this grid. */
export interface LoadedFile {
  name: string;
  table: ImportTable;
  remembered: ColumnMapping | null;
}
