"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { isBlank, type GridModel } from "@/features/payroll/grid/model";

export type RowFilter = "all" | "filled" | "problems";

/**
 * The lines the grid shows (search by employee number or name, and a filter), and each line's
 * number within its employee. Searching follows typing at a lower priority (deferred).
 */
export function useGridRows(model: GridModel, version: number, employees: ReadonlyMap<number, string>) {
  const structure = model.structureVersion;
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim().toLowerCase());
  const [filter, setFilter] = useState<RowFilter>("all");

  // The filter of "filled" and "problem" lines follows edits; the plain list only structural changes.
  const filterKey = filter === "all" ? structure : version;
  const rows = useMemo(() => {
    void filterKey;
    const names = deferredSearch
      ? new Map([...employees].map(([id, name]) => [id, `${id} ${name}`.toLowerCase()]))
      : null;
    return model.lines.filter((line) => {
      if (names && !names.get(line.employeeId)?.includes(deferredSearch)) return false;
      if (filter === "filled") return !isBlank(line.cells);
      if (filter === "problems") return model.outcome(line).errors.some(Boolean) || model.issuesOf(line).length > 0;
      return true;
    });
  }, [model, filterKey, deferredSearch, filter, employees]);

  const lineNumbers = useMemo(() => {
    void structure;
    const numbers = new Map<string, number>();
    const counts = new Map<number, number>();
    for (const line of model.lines) {
      const next = (counts.get(line.employeeId) ?? 0) + 1;
      counts.set(line.employeeId, next);
      numbers.set(line.id, next);
    }
    return numbers;
  }, [model, structure]);

  return {
    rows,
    lineNumbers,
    search,
    setSearch,
    filter,
    setFilter,
    /** Every line is shown (no search, no filter): a new line appears where it was added. */
    showsAll: filter === "all" && !deferredSearch,
  };
}
