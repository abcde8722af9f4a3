"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { RowFilter } from "./use-grid-rows";
import { FileImportButton } from "./file-import/file-import-button";
import type { FileImportProps } from "./file-import/types";

interface GridToolbarProps {
  /** The toolbar's name (hours or extra payments). */
  label: string;
  /** A reader's grid: search and filter only, no commands. */
  readOnly: boolean;
  search: string;
  onSearch: (search: string) => void;
  filter: RowFilter;
  onFilter: (filter: RowFilter) => void;
  canUndo: boolean;
  canRedo: boolean;
  /** A line is selected. */
  hasLine: boolean;
  /** The selected line has something to copy. */
  canCopyLine: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onFillDown: () => void;
  onAddLine: () => void;
  onRemoveLines: () => void;
  onCopyLine: () => void;
  /** What the file import (features/payroll/components/grid/file-import), last of the commands, works on. */
  fileImport: FileImportProps;
}

/** Search, filter and the grid's commands as buttons (each also has a key, see the keyboard help). */
export function GridToolbar(props: GridToolbarProps) {
  const t = useTranslations();
  const tool = (label: string, onClick: () => void, disabled: boolean) => (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Field inline label={t("payrollEntries.search")}>
        {(control) => (
          <input
            {...control}
            type="search"
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
            className="w-48 rounded border border-slate-400 px-2 py-1 text-sm"
          />
        )}
      </Field>
      <Field inline label={t("payrollEntries.filter")}>
        {(control) => (
          <Select
            {...control}
            size="sm"
            value={props.filter}
            onChange={(event) => props.onFilter(event.target.value as RowFilter)}
            options={[
              { value: "all", label: t("payrollEntries.filterAll") },
              { value: "filled", label: t("payrollEntries.filterFilled") },
              { value: "problems", label: t("payrollEntries.filterProblems") },
            ]}
          />
        )}
      </Field>
      {props.readOnly ? null : (
        <div className="flex flex-wrap gap-2" role="toolbar" aria-label={props.label}>
          {tool(t("payrollEntries.undo"), props.onUndo, !props.canUndo)}
          {tool(t("payrollEntries.redo"), props.onRedo, !props.canRedo)}
          {tool(t("payrollEntries.fillDown"), props.onFillDown, !props.hasLine)}
          {tool(t("payrollEntries.addLine"), props.onAddLine, !props.hasLine)}
          {tool(t("payrollEntries.removeLine"), props.onRemoveLines, !props.hasLine)}
          {tool(t("payrollEntries.copyLine"), props.onCopyLine, !props.canCopyLine)}
          <FileImportButton {...props.fileImport} />
        </div>
      )}
    </div>
  );
}
